import { create } from 'zustand';
import type { Product } from '@/lib/product';
import type { SwipeAction } from '../api/swipe-api';

// What the shopper did to the card stack during this page load (client state; the cards
// themselves are the feed query's). Kept outside the screen so that opening a product and
// coming back finds the stack where it was. Visitors never swipe, so it always belongs to a
// signed-in shopper: `ownerId`. Another shopper signing in on this browser starts afresh.

export interface SwipedCard {
  product: Product;
  action: SwipeAction;
}

interface HistoryEntry extends SwipedCard {
  /** False once the server said it has nothing left to undo. */
  undoable: boolean;
}

interface SwipeDeckState {
  ownerId: string;
  /** This visit's swipes, oldest first: out of the stack; the undo button takes the last. */
  history: readonly HistoryEntry[];
  /** Cards put back on top of the stack (undone, or their swipe failed), top first. */
  returned: readonly Product[];
  /**
   * Counts the stack's fresh starts (Start Over, applying filters): each start reads the feed
   * from its first batch again.
   */
  round: number;
  actions: {
    cardSwiped: (ownerId: string, card: SwipedCard) => void;
    /** The card goes back on top and out of the history. */
    cardReturned: (ownerId: string, product: Product) => void;
    /** The server has nothing left to undo: the swipes stay, the undo button goes off. */
    undoExhausted: () => void;
    /** Applying filters: a new stack; the swipes stay undoable and out of the feed. */
    stackReset: () => void;
    /** Start Over: a new stack that remembers nothing of this visit. */
    startedOver: () => void;
  };
}

const EMPTY_HISTORY: readonly HistoryEntry[] = [];
const EMPTY_RETURNED: readonly Product[] = [];

const useSwipeDeckStore = create<SwipeDeckState>()((set) => ({
  ownerId: '',
  history: EMPTY_HISTORY,
  returned: EMPTY_RETURNED,
  round: 0,
  actions: {
    cardSwiped: (ownerId, card) =>
      set((state) => {
        const mine = state.ownerId === ownerId;
        const history = mine ? state.history : EMPTY_HISTORY;
        const returned = mine ? state.returned : EMPTY_RETURNED;
        const id = card.product._id;
        return {
          ownerId,
          history: [
            ...history.filter((swiped) => swiped.product._id !== id),
            { ...card, undoable: true },
          ],
          returned: returned.filter((product) => product._id !== id),
        };
      }),
    cardReturned: (ownerId, product) =>
      set((state) => {
        const mine = state.ownerId === ownerId;
        const history = mine ? state.history : EMPTY_HISTORY;
        const returned = mine ? state.returned : EMPTY_RETURNED;
        return {
          ownerId,
          history: history.filter((swiped) => swiped.product._id !== product._id),
          returned: [product, ...returned.filter((card) => card._id !== product._id)],
        };
      }),
    undoExhausted: () =>
      set((state) => ({
        history: state.history.map((swiped) => ({ ...swiped, undoable: false })),
      })),
    stackReset: () => set((state) => ({ returned: EMPTY_RETURNED, round: state.round + 1 })),
    startedOver: () =>
      set((state) => ({
        history: EMPTY_HISTORY,
        returned: EMPTY_RETURNED,
        round: state.round + 1,
      })),
  },
}));

/** The shopper's swipes this visit; none for anybody else (or a visitor). */
export const useSwipeHistory = (ownerId: string) =>
  useSwipeDeckStore((state) => (state.ownerId === ownerId ? state.history : EMPTY_HISTORY));
export const useReturnedCards = (ownerId: string) =>
  useSwipeDeckStore((state) => (state.ownerId === ownerId ? state.returned : EMPTY_RETURNED));
export const useStackRound = () => useSwipeDeckStore((state) => state.round);
export const useSwipeDeckActions = () => useSwipeDeckStore((state) => state.actions);
