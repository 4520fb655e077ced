import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { getProduct } from '@/api/catalogue';
import { curatedListKeys } from '@/api/curated-list';
import { announceTrendingUpdated } from '@/api/trending';
import type { Product } from '@/lib/product';
import { useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { useToastActions } from '@/stores/toasts';
import { trackSwipe, undoLastSwipe, type SwipeAction } from '../api/swipe-api';
import { swipeKeys } from '../api/swipe-queries';
import { useSwipeDeckActions, useSwipeHistory, type SwipedCard } from '../stores/swipe-deck';
import { deviceInfo, SWIPE_SESSION_ID } from '../utils/swipe-session';

/** Why a visitor's swipe opens the login sheet (000 §6, 001 §6). */
export const SWIPE_SIGN_IN_REASON = 'Sign in to like products and save them to your curated list.';

export interface SwipeActions {
  /**
   * Likes or skips the card. A visitor gets the login sheet and nothing is sent: the answer is
   * false and the card goes back where it was.
   */
  swipe: (product: Product, action: SwipeAction) => boolean;
  /** 001 §4: the last swiped card can be restored. */
  canUndo: boolean;
  undo: () => void;
}

/**
 * Swipes and their undo (001 §4). A swipe leaves the stack at once and is sent; if sending
 * fails, an error toast says why and the card comes back on top. A like adds to the curated
 * list on the server, so the list is read again.
 */
export function useSwipeActions(): SwipeActions {
  const queryClient = useQueryClient();
  const { _id: userId, isLoggedIn } = useSessionUser();
  const history = useSwipeHistory(userId);
  const { cardSwiped, cardReturned, undoExhausted } = useSwipeDeckActions();
  const { open } = useSignInPromptActions();
  const { toastShown } = useToastActions();

  const refreshCuratedList = () => queryClient.invalidateQueries({ queryKey: curatedListKeys.all });

  // Callbacks on the mutation, not on mutate(): every swipe's answer lands, not just the last.
  const track = useMutation({
    mutationKey: swipeKeys.swipes(),
    mutationFn: ({ product, action }: SwipedCard) =>
      trackSwipe({
        productId: product._id,
        action,
        sessionId: SWIPE_SESSION_ID,
        deviceInfo: deviceInfo(),
      }),
    onSuccess: (_, { action }) => {
      announceTrendingUpdated();
      if (action === 'like') void refreshCuratedList();
    },
    onError: (error, { product }) => {
      cardReturned(userId, product);
      toastShown({ type: 'error', message: error.message });
    },
  });

  const undoCall = useMutation({
    mutationKey: swipeKeys.undo(),
    mutationFn: async (last: SwipedCard) => {
      const undone = await undoLastSwipe();
      // The server undoes the shopper's latest swipe, which is this screen's last unless they
      // swiped elsewhere since: then the card is read afresh.
      const product =
        undone.productId === last.product._id ? last.product : await getProduct(undone.productId);
      return { undone, product };
    },
    onSuccess: ({ undone, product }) => {
      cardReturned(userId, product);
      announceTrendingUpdated();
      if (undone.action === 'like' || undone.removedFromCuratedList) void refreshCuratedList();
    },
    onError: (error) => {
      // 404: the server has nothing left to undo, so the button should not offer it.
      if (error instanceof ApiError && error.status === 404) undoExhausted();
      toastShown({ type: 'error', message: error.message });
    },
  });

  // An undo must not overtake a swipe still on its way: the server would undo the one before.
  const swipesInFlight = useIsMutating({ mutationKey: swipeKeys.swipes() });
  const last = history.at(-1);

  return {
    swipe: (product, action) => {
      if (!isLoggedIn) {
        open(SWIPE_SIGN_IN_REASON);
        return false;
      }
      const card = { product, action };
      cardSwiped(userId, card);
      track.mutate(card);
      return true;
    },
    canUndo: isLoggedIn && last?.undoable === true && swipesInFlight === 0 && !undoCall.isPending,
    undo: () => {
      if (last?.undoable) undoCall.mutate({ product: last.product, action: last.action });
    },
  };
}
