import { useIsLoggedIn } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';

export const WISHLIST_SIGN_IN_REASON = 'Sign in to save products to your curated list.';
export const WISHLIST_COMING_SOON_REASON =
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
 * get the sign-in prompt. The wishlist API arrives with a later issue, which replaces this body
 * with the add-or-remove mutation; until then a logged-in tap says so in the prompt.
 */
export function useWishlistToggle(): WishlistToggle {
  const isLoggedIn = useIsLoggedIn();
  const { open } = useSignInPromptActions();
  return {
    isSaved: () => false,
    isPending: () => false,
    toggle: () => open(isLoggedIn ? WISHLIST_COMING_SOON_REASON : WISHLIST_SIGN_IN_REASON),
  };
}
