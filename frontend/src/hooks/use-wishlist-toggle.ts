import { useIsLoggedIn } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { useToastActions } from '@/stores/toasts';

export const WISHLIST_SIGN_IN_REASON = 'Sign in to save products to your curated list.';
export const WISHLIST_COMING_SOON_TEXT =
  'Saving products to your curated list opens with the next update.';

/** What a wishlist heart reads and calls, per product id. */
export interface WishlistToggle {
  isSaved: (productId: string) => boolean;
  /** 000 §4: the heart is disabled while its change is pending. */
  isPending: (productId: string) => boolean;
  toggle: (productId: string) => void;
}

/**
 * The wishlist toggle of every product card and the product page (000 §4). Logged-out visitors
 * get the login sheet. The wishlist API arrives with a later issue, which replaces the logged-in
 * branch with the add-or-remove mutation; until then a toast says so.
 */
export function useWishlistToggle(): WishlistToggle {
  const isLoggedIn = useIsLoggedIn();
  const { open } = useSignInPromptActions();
  const { toastShown } = useToastActions();
  return {
    isSaved: () => false,
    isPending: () => false,
    toggle: () => {
      if (!isLoggedIn) open(WISHLIST_SIGN_IN_REASON);
      else toastShown({ type: 'info', message: WISHLIST_COMING_SOON_TEXT });
    },
  };
}
