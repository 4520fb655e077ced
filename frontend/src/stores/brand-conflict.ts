import { create } from 'zustand';
import type { BagBrand } from '@/api/bag';

// The brand-conflict dialog over the shell (000 §2.2, 001 §2 Bag, §4): an add that answered
// BRAND_CONFLICT waits here until the shopper switches brands or keeps the bag as it is.

/** The add that the bag refused, with both brands, and what follows a switch. */
export interface PendingBrandSwitch {
  productId: string;
  size: string;
  quantity: number;
  currentBrand: BagBrand;
  newBrand: BagBrand;
  /** Runs once the switch has added the product: Buy Now goes on to checkout. */
  onSwitched?: () => void;
}

interface BrandConflictState {
  pending: PendingBrandSwitch | null;
  actions: {
    conflictRaised: (pending: PendingBrandSwitch) => void;
    conflictClosed: () => void;
  };
}

const useBrandConflictStore = create<BrandConflictState>()((set) => ({
  pending: null,
  actions: {
    conflictRaised: (pending) => set({ pending }),
    conflictClosed: () => set({ pending: null }),
  },
}));

export const usePendingBrandSwitch = () => useBrandConflictStore((state) => state.pending);
export const useBrandConflictActions = () => useBrandConflictStore((state) => state.actions);
