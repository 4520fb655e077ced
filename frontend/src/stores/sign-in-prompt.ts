import { create } from 'zustand';

// The sign-in prompt (000 §1, §4): actions that need an account open it with a reason instead
// of acting. One sheet for the whole app, mounted by the shell.
interface SignInPromptState {
  /** Why the shopper is asked to sign in; null while the prompt is closed. */
  reason: string | null;
  actions: {
    open: (reason: string) => void;
    close: () => void;
  };
}

const useSignInPromptStore = create<SignInPromptState>()((set) => ({
  reason: null,
  actions: {
    open: (reason) => set({ reason }),
    close: () => set({ reason: null }),
  },
}));

export const useSignInPromptReason = () => useSignInPromptStore((state) => state.reason);
export const useSignInPromptActions = () => useSignInPromptStore((state) => state.actions);
