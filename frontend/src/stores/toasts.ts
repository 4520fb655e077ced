import { create } from 'zustand';
import { MAX_TOASTS, TOAST_DURATION_MS } from '@/config/app';

// 000 §9: green success, red error, blue info; top-centre; at most 20 at once.
export type ToastType = 'success' | 'error' | 'info';

/** A link the toast offers ('View orders' after a new order in the brand console). */
export interface ToastLink {
  label: string;
  href: string;
}

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  durationMs: number;
  link?: ToastLink;
}

export interface ToastInput {
  type: ToastType;
  message: string;
  durationMs?: number;
  link?: ToastLink;
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
    toastShown: ({ type, message, durationMs = TOAST_DURATION_MS, link }) => {
      const id = nextId++;
      const toast: Toast = link ? { id, type, message, durationMs, link } : { id, type, message, durationMs };
      // Oldest go first when the cap is reached.
      set((state) => ({
        toasts: [...state.toasts, toast].slice(-MAX_TOASTS),
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
