import { describe, expect, it } from 'vitest';
import { act, renderApp, renderHook, screen, within } from '@/testing/test-utils';
import { useBagCountActions } from '@/stores/bag-count';
import { useSessionActions } from '@/stores/session';
import { curatedEntry, curatedListState } from '@/testing/mocks/curated-list-handlers';
import { navyTee } from '@/testing/mocks/fixtures';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';

const TAB_LABELS = ['Swipe', 'Explore', 'Collection', 'Trends', 'Bag'];

async function bottomNav() {
  return screen.findByRole('navigation', { name: 'Main' });
}

describe('app shell (000 §2.2)', () => {
  it('shows the bottom navigation with the five tabs', async () => {
    renderApp('/home');
    const nav = await bottomNav();
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(TAB_LABELS);
    expect(within(nav).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Bag' })).toHaveAttribute('href', '/bag');
  });

  it('highlights Swipe on the index, which is the swipe screen', async () => {
    renderApp('/');
    const nav = await bottomNav();
    expect(within(nav).getByRole('link', { name: 'Swipe' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Explore' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover' })).toBeInTheDocument();
  });

  it.each(['/collection', '/trends', '/bag'])('hides the header on %s', async (url) => {
    renderApp(url);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    // Trends draws its own Search link; the header's curated-list link is on no such screen.
    expect(screen.queryByRole('link', { name: 'Curated list' })).not.toBeInTheDocument();
  });

  it.each(['/', '/home', '/privacy'])('shows the header on %s', async (url) => {
    renderApp(url);
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    expect(within(header).getByRole('link', { name: 'Curated list' })).toHaveAttribute(
      'href',
      '/curatedList',
    );
    expect(within(header).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it("offers 'Add Address' under 'Delivery Location' when logged out", async () => {
    renderApp('/home');
    const location = await screen.findByRole('link', { name: 'Delivery Location: Add Address' });
    expect(location).toHaveAttribute('href', '/location');
    expect(within(location).getByText('Delivery Location')).toBeInTheDocument();
  });

  it('shows the saved address when logged in', async () => {
    const { result } = renderHook(() => useSessionActions());
    act(() => {
      result.current.loggedIn(serverUser());
      result.current.addressSaved('Flat 4B, Colaba, Mumbai');
    });
    renderApp('/home');
    expect(
      await screen.findByRole('link', { name: 'Delivery Location: Flat 4B, Colaba, Mumbai' }),
    ).toBeInTheDocument();
  });

  it('shows the location given at sign-in until an address is saved', async () => {
    const { result } = renderHook(() => useSessionActions());
    act(() => result.current.loggedIn({ ...serverUser(), location: 'Bandra West, Mumbai' }));
    renderApp('/home');
    expect(
      await screen.findByRole('link', { name: 'Delivery Location: Bandra West, Mumbai' }),
    ).toBeInTheDocument();
  });

  it("caps the bag and curated-list badges at '99+'", async () => {
    const bag = renderHook(() => useBagCountActions()).result.current;
    const session = renderHook(() => useSessionActions()).result.current;
    const saved = Array.from({ length: 100 }, (_, index) =>
      curatedEntry({ ...navyTee, _id: `p${index}` }),
    );
    server.use(...curatedListState(saved).handlers);
    act(() => {
      bag.bagCountChanged(150);
      session.loggedIn(serverUser());
    });
    renderApp('/home');
    const nav = await bottomNav();
    expect(within(nav).getByRole('link', { name: 'Bag, 99+ items' })).toHaveTextContent('99+');
    const heart = await screen.findByRole('link', { name: 'Curated list, 99+ items' });
    expect(heart).toHaveTextContent('99+');
  });

  it('shows counts up to 99 as they are', async () => {
    const bag = renderHook(() => useBagCountActions()).result.current;
    act(() => bag.bagCountChanged(99));
    renderApp('/home');
    const nav = await bottomNav();
    expect(within(nav).getByRole('link', { name: 'Bag, 99 items' })).toHaveTextContent('99');
  });

  it('names a screen that is not built yet and links back to Explore', async () => {
    renderApp('/bag');
    expect(
      await screen.findByRole('heading', { name: 'Your Bag is coming soon' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Explore' })).toHaveAttribute('href', '/home');
  });

  it('shows the not-found page for an unknown route', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Explore' })).toHaveAttribute('href', '/home');
  });

  it('has a footer with contact details and copyright', async () => {
    renderApp('/home');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(/©/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });
});
