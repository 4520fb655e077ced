import { create } from 'zustand';

// The number on the Bag tab (000 §2.2). The bag feature sets it once it loads the cart.
interface BagCountState {
  count: number;
  actions: { bagCountChanged: (count: number) => void };
}

const useBagCountStore = create<BagCountState>()((set) => ({
  count: 0,
  actions: { bagCountChanged: (count) => set({ count: Math.max(0, Math.trunc(count)) }) },
}));

export const useBagCount = () => useBagCountStore((state) => state.count);
export const useBagCountActions = () => useBagCountStore((state) => state.actions);
