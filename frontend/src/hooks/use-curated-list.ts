import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addToCuratedList,
  curatedListChanged,
  curatedListKeys,
  getCuratedList,
  removeFromCuratedList,
} from '@/api/curated-list';
import { useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { useToastActions } from '@/stores/toasts';

export const WISHLIST_SIGN_IN_REASON = 'Sign in to save products to your curated list.';

/** 000 §8, 001 §8: the toasts of the wishlist toggle. */
export const WISHLIST_TEXTS = {
  added: 'Added to wishlist',
  removed: 'Removed from wishlist',
  failed: 'Failed to update wishlist',
} as const;

/** One add or remove: `remove` is decided from the list when the heart is tapped. */
export interface WishlistChange {
  productId: string;
  remove: boolean;
}

/**
 * The signed-in shopper's curated list (docs/http-api.md, "Curated list"). Visitors have none,
 * so nothing is asked for until there is a session (000 §6).
 */
export function useCuratedList() {
  const user = useSessionUser();
  return useQuery({
    queryKey: curatedListKeys.list(user._id),
    queryFn: ({ signal }) => getCuratedList(signal),
    enabled: user.isLoggedIn,
  });
}

/** The product ids with an add or remove in flight, from every heart and the list screen. */
export function useCuratedListChangesInFlight(): ReadonlySet<string> {
  const productIds = useMutationState({
    filters: { mutationKey: curatedListKeys.changes(), status: 'pending' },
    select: (mutation) => (mutation.state.variables as WishlistChange | undefined)?.productId,
  });
  return new Set(productIds.filter((id): id is string => id !== undefined));
}

/** What the caller tells the shopper; these run even when the heart has left the screen. */
export interface CuratedListChangeNotices {
  onSuccess?: (change: WishlistChange) => void;
  onError?: (error: Error, change: WishlistChange) => void;
}

/**
 * An add or remove: the answer goes into the cache at once, then the list is refetched. Shared
 * by the hearts and the list screen's remove button, which differ only in what they tell the
 * shopper.
 */
export function useCuratedListChange({ onSuccess, onError }: CuratedListChangeNotices = {}) {
  const queryClient = useQueryClient();
  const { _id: userId } = useSessionUser();
  return useMutation({
    mutationKey: curatedListKeys.changes(),
    mutationFn: async ({ productId, remove }: WishlistChange) => {
      if (remove) {
        await removeFromCuratedList(productId);
        return { removed: productId };
      }
      return { added: await addToCuratedList(productId) };
    },
    onSuccess: (result, change) => {
      curatedListChanged(queryClient, userId, result);
      onSuccess?.(change);
    },
    onError,
    // Whatever happened, the server's list is the truth (a swipe may have added to it too).
    onSettled: () => queryClient.invalidateQueries({ queryKey: curatedListKeys.all }),
  });
}

/** What a wishlist heart reads and calls, per product id. */
export interface WishlistToggle {
  isSaved: (productId: string) => boolean;
  /** 000 §4, 001 §4: the heart is disabled while its change is pending. */
  isPending: (productId: string) => boolean;
  toggle: (productId: string) => void;
}

/**
 * The wishlist toggle of every product card, the look page and the product page (000 §4,
 * 001 §4): visitors get the login sheet; a saved product is removed, any other added, with a
 * toast either way and 'Failed to update wishlist' when the call fails.
 */
export function useToggleWishlist(): WishlistToggle {
  const { isLoggedIn } = useSessionUser();
  const { open } = useSignInPromptActions();
  const { toastShown } = useToastActions();
  const { data: entries } = useCuratedList();
  const inFlight = useCuratedListChangesInFlight();
  const change = useCuratedListChange({
    onSuccess: ({ remove }) =>
      toastShown({ type: 'success', message: remove ? WISHLIST_TEXTS.removed : WISHLIST_TEXTS.added }),
    onError: () => toastShown({ type: 'error', message: WISHLIST_TEXTS.failed }),
  });

  const isSaved = (productId: string) =>
    isLoggedIn && (entries ?? []).some((entry) => entry._id === productId);

  return {
    isSaved,
    isPending: (productId) => inFlight.has(productId),
    toggle: (productId) => {
      if (!isLoggedIn) {
        open(WISHLIST_SIGN_IN_REASON);
        return;
      }
      if (inFlight.has(productId)) return;
      change.mutate({ productId, remove: isSaved(productId) });
    },
  };
}
