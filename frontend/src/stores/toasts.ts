import { create } from 'zustand';
import { MAX_TOASTS, TOAST_DURATION_MS } from '@/config/app';

// 000 §9: green success, red error, blue info; top-centre; at most 20 at once.
export type ToastType = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  durationMs: number;
}

export interface ToastInput {
  type: ToastType;
  message: string;
  durationMs?: number;
}

interface ToastState {
  toasts: Toast[];
  actions: {
    toastShown: (input: ToastInput) => number;
    toastDismissed: (id: number) => void;
  };
}

let nextId = 1;

const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  actions: {
    toastShown: ({ type, message, durationMs = TOAST_DURATION_MS }) => {
      const id = nextId++;
      // Oldest go first when the cap is reached.
      set((state) => ({
        toasts: [...state.toasts, { id, type, message, durationMs }].slice(-MAX_TOASTS),
      }));
      return id;
    },
    toastDismissed: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  },
}));

export const useToasts = () => useToastStore((state) => state.toasts);
export const useToastActions = () => useToastStore((state) => state.actions);

/** For code outside React (query cache callbacks). */
export const showToast = (input: ToastInput): number =>
  useToastStore.getState().actions.toastShown(input);
