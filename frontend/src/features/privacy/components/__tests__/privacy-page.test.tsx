import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { CONTACT } from '@/config/app';
import { act, renderApp, screen, waitFor, within } from '@/testing/test-utils';

describe('Privacy page (001 §2)', () => {
  it('covers collection, use, sharing, cookies, security, rights and contact', async () => {
    renderApp('/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }),
    ).toBeInTheDocument();
    const sections = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(sections).toEqual([
      'Data we collect',
      'How we use it',
      'Sharing',
      'Cookies and browser storage',
      'Security',
      'Your rights',
      'Contact us',
    ]);
  });

  it('names the one HttpOnly session cookie and what local storage holds', async () => {
    renderApp('/privacy');
    const cookies = await screen.findByRole('region', { name: 'Cookies and browser storage' });
    expect(within(cookies).getByText('shop_session')).toBeInTheDocument();
    expect(cookies).toHaveTextContent(/HttpOnly/);
    for (const key of ['userData', 'recentlyViewed', 'searchHistory']) {
      expect(within(cookies).getByText(key)).toBeInTheDocument();
    }
  });

  it('gives a contact block', async () => {
    renderApp('/privacy');
    const contact = await screen.findByRole('region', { name: 'Contact us' });
    expect(within(contact).getByRole('link', { name: CONTACT.email })).toHaveAttribute(
      'href',
      `mailto:${CONTACT.email}`,
    );
  });

  it('goes back from the back button', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/profile');
    await screen.findByRole('navigation', { name: 'Account' });
    await act(() => router.navigate('/privacy'));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
