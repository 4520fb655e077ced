import { create } from 'zustand';
import { DEFAULT_LOADING_TEXT } from '@/config/app';

// 000 §4 loading context: a full-page loader and its text (default 'Loading...').
interface LoadingState {
  isPageLoading: boolean;
  loadingText: string;
  actions: {
    pageLoadingStarted: (text?: string) => void;
    pageLoadingFinished: () => void;
  };
}

const useLoadingStore = create<LoadingState>()((set) => ({
  isPageLoading: false,
  loadingText: DEFAULT_LOADING_TEXT,
  actions: {
    pageLoadingStarted: (text = DEFAULT_LOADING_TEXT) =>
      set({ isPageLoading: true, loadingText: text }),
    pageLoadingFinished: () => set({ isPageLoading: false, loadingText: DEFAULT_LOADING_TEXT }),
  },
}));

export const useIsPageLoading = () => useLoadingStore((state) => state.isPageLoading);
export const useLoadingText = () => useLoadingStore((state) => state.loadingText);
export const useLoadingActions = () => useLoadingStore((state) => state.actions);
