import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { act, renderHook, renderWithProviders, screen } from '@/testing/test-utils';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import { ToastViewport } from '@/components/ui/toast-viewport';
import { WISHLIST_COMING_SOON_TEXT, WISHLIST_SIGN_IN_REASON } from '@/hooks/use-wishlist-toggle';
import { useSessionActions } from '@/stores/session';
import { serverUser } from '@/testing/mocks/users';
import { WishlistHeart } from './wishlist-heart';

function renderHeart() {
  return renderWithProviders(
    <>
      <WishlistHeart productId="p1" />
      <SignInPrompt />
      <ToastViewport />
    </>,
  );
}

describe('WishlistHeart (000 §4 wishlist toggle)', () => {
  it('asks a logged-out visitor to sign in', async () => {
    const user = userEvent.setup();
    renderHeart();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to continue' });
    expect(dialog).toHaveAccessibleDescription(WISHLIST_SIGN_IN_REASON);
  });

  it('tells a logged-in shopper that saving is not open yet', async () => {
    const user = userEvent.setup();
    const actions = renderHook(() => useSessionActions()).result.current;
    act(() => actions.loggedIn(serverUser()));
    renderHeart();
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText(WISHLIST_COMING_SOON_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
