import { useIsLoggedIn } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { useToastActions } from '@/stores/toasts';

export const BAG_SIGN_IN_REASON = 'Sign in to add products to your bag.';
export const BAG_COMING_SOON_TEXT = 'Adding to your bag opens with the next update.';

/**
 * The brand page's add to bag (000 §2.13). Adding needs an account, so a logged-out visitor
 * gets the sign-in prompt. The bag API arrives with the bag issue, which replaces the logged-in
 * branch with the add call; until then a toast says so.
 */
export function useAddToBag(): (productId: string) => void {
  const isLoggedIn = useIsLoggedIn();
  const { open } = useSignInPromptActions();
  const { toastShown } = useToastActions();
  return () => {
    if (!isLoggedIn) open(BAG_SIGN_IN_REASON);
    else toastShown({ type: 'info', message: BAG_COMING_SOON_TEXT });
  };
}
