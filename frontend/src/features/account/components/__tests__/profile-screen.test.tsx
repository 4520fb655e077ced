import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useSessionActions, useSessionUser } from '@/stores/session';
import { addressBookState, savedAddress } from '@/testing/mocks/address-handlers';
import { order, ordersState } from '@/testing/mocks/order-handlers';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { LOGOUT_FAILED_TEXT, PROFILE_SIGN_IN_REASONS } from '../profile-screen';

function signIn(overrides: Parameters<typeof serverUser>[0] = {}) {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser(overrides)));
}

/** Answers the logout call with `answer` and counts the calls. */
function logoutAnswers(answer: () => Response) {
  const calls = { count: 0 };
  server.use(
    http.post('*/api/users/logout', () => {
      calls.count += 1;
      return answer();
    }),
  );
  return calls;
}

const menu = () => screen.findByRole('navigation', { name: 'Account' });
const signInSheet = () => screen.queryByRole('dialog', { name: 'Sign in to continue' });

describe('Profile, signed out (001 §2, §6)', () => {
  it("shows 'Sign Up / Login' instead of the shopper, and no Log Out", async () => {
    renderApp('/profile');
    await menu();
    expect(screen.getByRole('button', { name: 'Sign Up / Login' })).toBeInTheDocument();
    expect(screen.queryByText('Lvl 00')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
  });

  it("opens the login sheet from 'Sign Up / Login'", async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Sign Up / Login' }));
    expect(signInSheet()).toHaveAccessibleDescription(PROFILE_SIGN_IN_REASONS.header);
  });

  it.each([
    ['My Orders', PROFILE_SIGN_IN_REASONS.orders],
    ['My Offers', PROFILE_SIGN_IN_REASONS.offers],
    ['Manage Account', PROFILE_SIGN_IN_REASONS.account],
    ['Addresses', PROFILE_SIGN_IN_REASONS.addresses],
  ])('%s opens the login sheet and stays on the profile', async (tile, reason) => {
    const user = userEvent.setup();
    const { router } = renderApp('/profile');
    const nav = await menu();
    expect(within(nav).queryByRole('link', { name: tile })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: tile }));
    expect(signInSheet()).toHaveAccessibleDescription(reason);
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.queryByRole('list', { name: 'Saved addresses' })).not.toBeInTheDocument();
  });

  it('opens the terms and the privacy policy without signing in', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/profile');
    const nav = await menu();
    await user.click(within(nav).getByRole('button', { name: 'Terms & Conditions' }));
    expect(screen.getByRole('dialog', { name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(signInSheet()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    await user.click(within(nav).getByRole('link', { name: 'Privacy Policy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
  });

  it('opens the support chat without signing in', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/profile');
    const nav = await menu();
    await user.click(within(nav).getByRole('link', { name: 'Help & Support' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(signInSheet()).not.toBeInTheDocument();
  });
});

describe('Profile, signed in (001 §2)', () => {
  it('shows name, e-mail, phone with +91, Lvl 00 and the order count', async () => {
    signIn();
    renderApp('/profile');
    const card = await screen.findByRole('region', { name: 'Your account' });
    expect(within(card).getByText('Asha')).toBeInTheDocument();
    expect(within(card).getByText('asha@example.in')).toBeInTheDocument();
    expect(within(card).getByText('+91 98765 43210')).toBeInTheDocument();
    expect(within(card).getByText('Lvl 00')).toBeInTheDocument();
    expect(within(card).getByText('No orders yet')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Sign Up / Login' })).not.toBeInTheDocument();
  });

  it("counts the shopper's orders as My Orders lists them", async () => {
    signIn();
    server.use(...ordersState([order(), order({ _id: 'o-second' })]).handlers);
    renderApp('/profile');
    const card = await screen.findByRole('region', { name: 'Your account' });
    expect(await within(card).findByText('2 orders')).toBeInTheDocument();
  });

  it('links the tiles that need sign-in to their screens', async () => {
    signIn();
    renderApp('/profile');
    const nav = await menu();
    expect(within(nav).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/my-orders',
    );
    expect(within(nav).getByRole('link', { name: 'My Offers' })).toHaveAttribute(
      'href',
      '/my-offers',
    );
    expect(within(nav).getByRole('link', { name: 'Manage Account' })).toHaveAttribute(
      'href',
      '/manage-account',
    );
    expect(within(nav).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('links to the brand console for brand users and admins only', async () => {
    signIn({ role: 1 });
    const { unmount } = renderApp('/profile');
    expect(within(await menu()).getByRole('link', { name: 'Brand console' })).toHaveAttribute(
      'href',
      '/brand',
    );
    unmount();
    signIn({ role: 2 });
    renderApp('/profile');
    expect(within(await menu()).getByRole('link', { name: 'Brand console' })).toHaveAttribute(
      'href',
      '/brand',
    );
  });

  it('shows a shopper no brand console', async () => {
    signIn();
    renderApp('/profile');
    expect(
      within(await menu()).queryByRole('link', { name: 'Brand console' }),
    ).not.toBeInTheDocument();
  });

  it('links to the admin console for admins only', async () => {
    signIn({ role: 2 });
    const { unmount } = renderApp('/profile');
    expect(within(await menu()).getByRole('link', { name: 'Admin console' })).toHaveAttribute(
      'href',
      '/admin',
    );
    unmount();
    for (const role of [0, 1]) {
      signIn({ role });
      const view = renderApp('/profile');
      expect(
        within(await menu()).queryByRole('link', { name: 'Admin console' }),
      ).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('shows a signed-out visitor neither console', async () => {
    renderApp('/profile');
    const nav = await menu();
    expect(within(nav).queryByRole('link', { name: 'Brand console' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin console' })).not.toBeInTheDocument();
  });

  it('toggles the saved-addresses panel', async () => {
    const user = userEvent.setup();
    server.use(...addressBookState([savedAddress()]).handlers);
    signIn();
    renderApp('/profile');
    const tile = within(await menu()).getByRole('button', { name: 'Addresses' });
    expect(tile).toHaveAttribute('aria-expanded', 'false');

    await user.click(tile);
    expect(tile).toHaveAttribute('aria-expanded', 'true');
    const addresses = await screen.findByRole('list', { name: 'Saved addresses' });
    expect(within(addresses).getByText('Flat 12, Wing B Sea View')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Address' })).toHaveAttribute(
      'href',
      '/location',
    );

    await user.click(tile);
    expect(tile).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Saved addresses' })).not.toBeInTheDocument();
  });
});

describe('Terms & Conditions (001 §2)', () => {
  it('shows the terms in a modal that Escape and Close dismiss', async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    const tile = within(await menu()).getByRole('button', { name: 'Terms & Conditions' });
    await user.click(tile);
    const dialog = screen.getByRole('dialog', { name: 'Terms & Conditions' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText(/18 years or older/)).toBeInTheDocument();
    expect(within(dialog).getByText(/governed by the laws of Maharashtra/)).toBeInTheDocument();
    expect(within(dialog).getByText(/limited to the value of the product/)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tile).toHaveFocus();

    await user.click(tile);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Log Out (001 §4)', () => {
  it('ends the session on the server, forgets it here and goes home', async () => {
    const user = userEvent.setup();
    const calls = logoutAnswers(() => HttpResponse.json({ success: true }));
    signIn();
    const { router } = renderApp('/profile');
    await user.click(within(await menu()).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.count).toBe(1);
    const { result } = renderHook(() => useSessionUser());
    expect(result.current.isLoggedIn).toBe(false);
    expect(result.current.role).toBe(-1);
    expect(window.localStorage.getItem('userData')).toBeNull();
  });

  it('logs out here too when the server no longer knows the session (401)', async () => {
    const user = userEvent.setup();
    logoutAnswers(() =>
      HttpResponse.json(
        { error: 'Please sign in to continue.', code: 'UNAUTHENTICATED' },
        { status: 401 },
      ),
    );
    signIn();
    const { router } = renderApp('/profile');
    await user.click(within(await menu()).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(renderHook(() => useSessionUser()).result.current.isLoggedIn).toBe(false);
  });

  it('stays signed in and says so when the server could not log out', async () => {
    const user = userEvent.setup();
    logoutAnswers(() => HttpResponse.error());
    signIn();
    const { router } = renderApp('/profile');
    await user.click(within(await menu()).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGOUT_FAILED_TEXT);
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeEnabled();
    expect(screen.getByText('Lvl 00')).toBeInTheDocument();
  });
});
