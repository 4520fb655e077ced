import { create } from 'zustand';

// The number on the header's curated-list heart (000 §2.2). The curated-list feature sets it.
interface WishlistCountState {
  count: number;
  actions: { wishlistCountChanged: (count: number) => void };
}

const useWishlistCountStore = create<WishlistCountState>()((set) => ({
  count: 0,
  actions: { wishlistCountChanged: (count) => set({ count: Math.max(0, Math.trunc(count)) }) },
}));

export const useWishlistCount = () => useWishlistCountStore((state) => state.count);
export const useWishlistCountActions = () => useWishlistCountStore((state) => state.actions);
