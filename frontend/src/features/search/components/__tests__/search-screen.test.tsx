import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { Product } from '@/lib/product';
import { server } from '@/testing/mocks/server';
import { cargoPants, navyTee, plainShirt } from '@/testing/mocks/fixtures';
import {
  act,
  fireEvent,
  renderApp,
  renderWithProviders,
  screen,
  waitFor,
  within,
} from '@/testing/test-utils';
import { SearchScreen } from '../search-screen';

const hoodie = (index: number): Product => ({
  ...navyTee,
  _id: `h${index}`,
  name: `Hoodie ${index}`,
  brand: { _id: 'b', name: `Brand ${index}` },
});
const hoodies = Array.from({ length: 5 }, (_, index) => hoodie(index));

interface SearchApi {
  suggestions?: (q: string) => JsonBodyType;
  popular?: () => Response;
  results?: (query: string) => Response;
}

/** The three search calls; records what each was asked. */
function searchApi({
  suggestions = () => hoodies,
  popular = () => HttpResponse.json(['Kurta', 'Cargo', 'Denim', 'Tee', 'Oversized', 'Linen']),
  results = () => HttpResponse.json([navyTee, cargoPants]),
}: SearchApi = {}) {
  const asked = { suggestions: [] as string[], searches: [] as unknown[] };
  server.use(
    http.get('*/api/products/suggestions', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.suggestions.push(q);
      return HttpResponse.json(suggestions(q));
    }),
    http.get('*/api/products/popular-searches', () => popular()),
    http.post('*/api/products/search', async ({ request }) => {
      const body = (await request.json()) as { query: string };
      asked.searches.push(body);
      return results(body.query);
    }),
  );
  return asked;
}

const box = () => screen.findByRole('combobox', { name: 'Search products' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Search suggestions (000 §4)', () => {
  it('asks once typing pauses for 300 ms, and only from 2 characters', async () => {
    const asked = searchApi();
    renderWithProviders(<SearchScreen />, { url: '/search' });
    const input = await box();
    // fireEvent, not userEvent: Testing Library's async wrapper waits on a timer vitest fakes.
    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'h' } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(asked.suggestions).toEqual([]);

    fireEvent.change(input, { target: { value: 'ho' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(input, { target: { value: 'hoo' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(asked.suggestions).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(asked.suggestions).toEqual(['hoo']));
  });

  it('shows the top 5 with picture, name and brand', async () => {
    const user = userEvent.setup();
    searchApi();
    renderApp('/search');
    await user.type(await box(), 'hoodie');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(5);
    expect(options[0]).toHaveTextContent('Hoodie 0');
    expect(options[0]).toHaveTextContent('Brand 0');
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', navyTee.images[0]);
    expect(await box()).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through them with the arrow keys, filling the box, and Escape restores the text', async () => {
    const user = userEvent.setup();
    searchApi();
    renderApp('/search');
    const input = await box();
    await user.type(input, 'hood');
    await screen.findByRole('listbox');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('Hoodie 0');
    const first = screen.getByRole('option', { name: /Hoodie 0/ });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', first.id);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('Hoodie 2');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('Hoodie 1');

    await user.keyboard('{Escape}');
    expect(input).toHaveValue('hood');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('goes back to the typed text past either end', async () => {
    const user = userEvent.setup();
    searchApi();
    renderApp('/search');
    const input = await box();
    await user.type(input, 'hood');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('Hoodie 4');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('hood');
  });

  it('opens the highlighted product on Enter', async () => {
    const user = userEvent.setup();
    const asked = searchApi();
    const { router } = renderApp('/search');
    await user.type(await box(), 'hood');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/h1'));
    expect(asked.searches).toEqual([]);
  });

  it('opens a product when its suggestion is tapped', async () => {
    const user = userEvent.setup();
    searchApi();
    const { router } = renderApp('/search');
    await user.type(await box(), 'hood');
    await user.click(await screen.findByRole('option', { name: /Hoodie 3/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/h3'));
  });
});

describe('Search (000 §2.11)', () => {
  it('runs the search on Enter and lists the results', async () => {
    const user = userEvent.setup();
    const asked = searchApi();
    const { router } = renderApp('/search');
    await user.type(await box(), ' black cargo {Enter}');
    const results = await screen.findByRole('list', { name: 'Results for black cargo' });
    expect(within(results).getAllByRole('article')).toHaveLength(2);
    expect(asked.searches).toEqual([{ query: 'black cargo' }]);
    expect(router.state.location.search).toBe('?q=black+cargo');
  });

  it('does not search blank text', async () => {
    const user = userEvent.setup();
    const asked = searchApi();
    renderApp('/search');
    await user.type(await box(), '   {Enter}');
    expect(asked.searches).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Popular Searches' })).toBeInTheDocument();
  });

  it("says 'No products found' when nothing matches", async () => {
    const user = userEvent.setup();
    searchApi({ results: () => HttpResponse.json([]) });
    renderApp('/search');
    await user.type(await box(), 'zzzz{Enter}');
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(
      screen.getByText('Try adjusting your search terms or browse our popular categories'),
    ).toBeInTheDocument();
  });

  it('shows no results when the search fails', async () => {
    const user = userEvent.setup();
    searchApi({
      results: () => HttpResponse.json({ error: 'down', code: 'INTERNAL' }, { status: 500 }),
    });
    renderApp('/search');
    await user.type(await box(), 'jeans{Enter}');
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('remembers searches: 5 shown, newest first, 10 kept, and a clear button', async () => {
    const user = userEvent.setup();
    const stored = Array.from({ length: 10 }, (_, index) => ({
      query: `query ${index}`,
      timestamp: 1000 - index,
    }));
    window.localStorage.setItem('searchHistory', JSON.stringify(stored));
    const asked = searchApi();
    renderApp('/search');
    const recent = await screen.findByRole('region', { name: 'Recent Searches' });
    expect(within(recent).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'query 0',
      'query 1',
      'query 2',
      'query 3',
      'query 4',
    ]);

    await user.click(within(recent).getByRole('button', { name: 'query 3' }));
    await screen.findByRole('list', { name: 'Results for query 3' });
    expect(asked.searches).toEqual([{ query: 'query 3' }]);
    expect(await box()).toHaveValue('query 3');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const again = await screen.findByRole('region', { name: 'Recent Searches' });
    expect(within(again).getAllByRole('listitem')[0]).toHaveTextContent('query 3');
    const saved = JSON.parse(window.localStorage.getItem('searchHistory')!) as { query: string }[];
    expect(saved).toHaveLength(10);
    expect(saved.map((past) => past.query).slice(0, 5)).toEqual([
      'query 3',
      'query 0',
      'query 1',
      'query 2',
      'query 4',
    ]);

    await user.click(within(again).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Recent Searches' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('searchHistory')).toBeNull();
  });

  it('offers the popular searches as chips that search', async () => {
    const user = userEvent.setup();
    const asked = searchApi();
    renderApp('/search');
    const popular = await screen.findByRole('region', { name: 'Popular Searches' });
    await user.click(await within(popular).findByRole('button', { name: 'Kurta' }));
    await screen.findByRole('list', { name: 'Results for Kurta' });
    expect(asked.searches).toEqual([{ query: 'Kurta' }]);
  });

  it('falls back to Jeans, T-Shirts, Sneakers, Hoodies, Shirts, Pants (000 §8)', async () => {
    searchApi({ popular: () => HttpResponse.json({ error: 'down' }, { status: 500 }) });
    renderApp('/search');
    const popular = await screen.findByRole('region', { name: 'Popular Searches' });
    await within(popular).findByRole('button', { name: 'Jeans' });
    expect(within(popular).getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Jeans',
      'T-Shirts',
      'Sneakers',
      'Hoodies',
      'Shirts',
      'Pants',
    ]);
  });

  it('shows the recently viewed products', async () => {
    window.localStorage.setItem('recentlyViewed', JSON.stringify([plainShirt, navyTee]));
    searchApi();
    renderApp('/search');
    const recent = await screen.findByRole('region', { name: 'Recently Viewed' });
    const cards = within(recent).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', `/product/${plainShirt._id}`);
  });

  it('Back clears the results when they show', async () => {
    const user = userEvent.setup();
    searchApi();
    const { router } = renderApp('/search?q=jeans');
    await screen.findByRole('list', { name: 'Results for jeans' });
    expect(await box()).toHaveValue('jeans');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('region', { name: 'Popular Searches' });
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('');
    expect(await box()).toHaveValue('');
  });

  it('Back without results goes to / when the screen was opened directly', async () => {
    const user = userEvent.setup();
    searchApi();
    const { router } = renderApp('/search');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('Back after a search returns to the search screen it was typed on', async () => {
    const user = userEvent.setup();
    searchApi();
    const { router } = renderApp('/home');
    await act(() => router.navigate('/search'));
    await user.type(await box(), 'jeans{Enter}');
    await screen.findByRole('list', { name: 'Results for jeans' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('region', { name: 'Popular Searches' });
    expect(router.state.location.pathname).toBe('/search');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
