import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { useSessionActions } from '@/stores/session';
import { bagOf } from '@/testing/mocks/bag-handlers';
import { curatedEntry, curatedListState } from '@/testing/mocks/curated-list-handlers';
import { navyTee } from '@/testing/mocks/fixtures';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';

const TAB_LABELS = ['Swipe', 'Explore', 'Collection', 'Trends', 'Bag'];

/** A bag of `count` items (the badge reads only `totalItems`). */
const bagWithItems = (count: number) =>
  http.get('*/api/cart', () => HttpResponse.json({ ...bagOf([]), totalItems: count }));

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

  it("caps the bag and curated-list badges at '99+'", async () => {
    const session = renderHook(() => useSessionActions()).result.current;
    const saved = Array.from({ length: 100 }, (_, index) =>
      curatedEntry({ ...navyTee, _id: `p${index}` }),
    );
    server.use(...curatedListState(saved).handlers, bagWithItems(150));
    act(() => session.loggedIn(serverUser()));
    renderApp('/home');
    const nav = await bottomNav();
    const bag = await within(nav).findByRole('link', { name: 'Bag, 99+ items' });
    expect(bag).toHaveTextContent('99+');
    const heart = await screen.findByRole('link', { name: 'Curated list, 99+ items' });
    expect(heart).toHaveTextContent('99+');
  });

  it("shows the bag's item count up to 99 as it is", async () => {
    const session = renderHook(() => useSessionActions()).result.current;
    server.use(bagWithItems(99));
    act(() => session.loggedIn(serverUser()));
    renderApp('/home');
    const nav = await bottomNav();
    expect(await within(nav).findByRole('link', { name: 'Bag, 99 items' })).toHaveTextContent(
      '99',
    );
  });

  it('shows no bag badge for an empty bag', async () => {
    const session = renderHook(() => useSessionActions()).result.current;
    let reads = 0;
    server.use(
      http.get('*/api/cart', () => {
        reads += 1;
        return HttpResponse.json(bagOf([]));
      }),
    );
    act(() => session.loggedIn(serverUser()));
    renderApp('/home');
    const nav = await bottomNav();
    await waitFor(() => expect(reads).toBe(1));
    expect(within(nav).getByRole('link', { name: 'Bag' })).toHaveTextContent(/^Bag$/);
  });

  it('shows no bag badge to a visitor, and reads no bag', async () => {
    let reads = 0;
    server.use(
      http.get('*/api/cart', () => {
        reads += 1;
        return HttpResponse.json({ ...bagOf([]), totalItems: 3 });
      }),
    );
    renderApp('/home');
    const nav = await bottomNav();
    expect(within(nav).getByRole('link', { name: 'Bag' })).toHaveTextContent(/^Bag$/);
    expect(reads).toBe(0);
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
