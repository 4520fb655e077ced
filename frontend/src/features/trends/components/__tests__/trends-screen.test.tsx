import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { server } from '@/testing/mocks/server';
import {
  act,
  fireEvent,
  renderApp,
  renderWithProviders,
  screen,
  waitFor,
  within,
} from '@/testing/test-utils';
import { cargoPants, navyTee } from '@/testing/mocks/fixtures';
import {
  entryWithScore,
  TRENDING_URL,
  trendingApi,
  trendingEntry,
} from '@/testing/mocks/trends-handlers';
import { announceTrendingUpdated } from '@/api/trending';
import { TrendsBanner } from '../trends-banner';
import { TrendsScreen } from '../trends-screen';

const LOADING = 'Analyzing trends...';
const EMPTY = 'No trending products found for this period';
const EMPTY_HINT = 'Be the first to discover trending styles by swiping more products!';

afterEach(() => {
  vi.useRealTimers();
});

const grid = () => screen.findByRole('list', { name: 'Trending products' });
const tab = (name: string) => screen.getByRole('tab', { name });

/** The stats strip's figures by label. */
function stats(): Record<string, string> {
  const strip = screen.getByLabelText('Trend stats');
  const figures: Record<string, string> = {};
  for (const term of within(strip).getAllByRole('term')) {
    figures[term.textContent] = term.nextElementSibling!.textContent;
  }
  return figures;
}

describe('Trends screen (000 §2.7)', () => {
  it('is drawn at /trends with its own bar instead of the shell header', async () => {
    renderApp('/trends');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trends' })).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Trends · /));
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Back to Swipe' })).toHaveAttribute('href', '/');
    const shortcuts = screen.getByRole('navigation', { name: 'Trends shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: 'Search' })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(within(shortcuts).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it("shows 'Analyzing trends...' while the list loads", async () => {
    renderWithProviders(<TrendsScreen />);
    expect(screen.getByRole('status')).toHaveTextContent(LOADING);
    await grid();
    expect(screen.queryByText(LOADING)).not.toBeInTheDocument();
  });

  it("asks for men's 20 products of the week first, with MEN and 7D chosen (000 §7)", async () => {
    const api = trendingApi();
    server.use(...api.handlers);
    renderWithProviders(<TrendsScreen />);
    await grid();
    expect(api.requests).toHaveLength(1);
    expect(Object.fromEntries(api.requests[0]!)).toEqual({
      timeWindow: '7d',
      limit: '20',
      gender: 'M',
    });
    expect(tab('MEN')).toHaveAttribute('aria-selected', 'true');
    expect(tab('7D')).toHaveAttribute('aria-selected', 'true');
    expect(tab('24H')).toHaveAttribute('aria-selected', 'false');
  });

  it('shows each product with badge, rank, brand, name, price, score, swipes and rate', async () => {
    server.use(
      ...trendingApi([
        trendingEntry(navyTee, { likes: 14, dislikes: 3 }, 1),
        trendingEntry({ ...cargoPants, gender: 'male' }, { likes: 1, dislikes: 0 }, 2),
      ]).handlers,
    );
    renderWithProviders(<TrendsScreen />);
    const cards = within(await grid()).getAllByTestId('trend-card');
    expect(cards).toHaveLength(2);

    const tee = cards[0]!;
    expect(within(tee).getByRole('link')).toHaveAttribute('href', `/product/${navyTee._id}`);
    expect(within(tee).getByText('VIRAL')).toBeInTheDocument();
    expect(within(tee).getByText('#1')).toHaveTextContent('Rank #1');
    expect(within(tee).getByText('Urban Dhaaga')).toBeInTheDocument();
    expect(within(tee).getByRole('heading', { name: navyTee.name })).toBeInTheDocument();
    expect(within(tee).getByText('₹1,039.20')).toBeInTheDocument();
    // Score 14 - 3, 17 swipes, 14 of 17 liked.
    expect(within(tee).getByText('Score').nextElementSibling).toHaveTextContent('11');
    expect(within(tee).getByText('Swipes').nextElementSibling).toHaveTextContent('17');
    expect(within(tee).getByText('Liked').nextElementSibling).toHaveTextContent('82%');

    const cargo = cards[1]!;
    expect(within(cargo).getByText('TRENDING')).toBeInTheDocument();
    expect(within(cargo).getByText('#2')).toBeInTheDocument();
    expect(within(cargo).getByText('Swipe').nextElementSibling).toHaveTextContent('1');
    expect(within(cargo).getByText('Liked').nextElementSibling).toHaveTextContent('100%');
  });

  it('badges VIRAL, HOT, TRENDING and NEW at the score edges (000 §4)', async () => {
    const scores = [10, 9, 5, 4, 0, -1];
    server.use(...trendingApi(scores.map((score, index) => entryWithScore(score, index + 1))).handlers);
    renderWithProviders(<TrendsScreen />);
    const cards = within(await grid()).getAllByTestId('trend-card');
    const badges = cards.map((card) => {
      const name = within(card).getByRole('heading').textContent;
      const badge = within(card).getByText(/^(VIRAL|HOT|TRENDING|NEW)$/).textContent;
      return `${name}: ${badge}`;
    });
    expect(badges).toEqual([
      'Scored 10: VIRAL',
      'Scored 9: HOT',
      'Scored 5: HOT',
      'Scored 4: TRENDING',
      'Scored 0: TRENDING',
      'Scored -1: NEW',
    ]);
  });

  it('opens the product page from a card', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/trends');
    const card = within(await grid()).getAllByTestId('trend-card')[0]!;
    await user.click(within(card).getByRole('heading', { name: navyTee.name }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${navyTee._id}`));
  });

  it('asks again for the chosen gender (keys M, W, U)', async () => {
    const user = userEvent.setup();
    const api = trendingApi();
    server.use(...api.handlers);
    renderWithProviders(<TrendsScreen />);
    await grid();

    await user.click(tab('WOMEN'));
    expect(tab('WOMEN')).toHaveAttribute('aria-selected', 'true');
    expect(tab('MEN')).toHaveAttribute('aria-selected', 'false');
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]!.get('gender')).toBe('W');
    expect(api.requests[1]!.get('timeWindow')).toBe('7d');
    expect(await screen.findByRole('heading', { name: 'White Oxford Shirt' })).toBeInTheDocument();

    await user.click(tab('UNISEX'));
    await waitFor(() => expect(api.requests).toHaveLength(3));
    expect(api.requests[2]!.get('gender')).toBe('U');
    expect(await screen.findByRole('heading', { name: cargoPants.name })).toBeInTheDocument();
  });

  it('asks again for the chosen time frame and names it in the stats strip', async () => {
    const user = userEvent.setup();
    const api = trendingApi();
    server.use(...api.handlers);
    renderWithProviders(<TrendsScreen />);
    await grid();
    expect(stats()['Time Frame']).toBe('Week');

    await user.click(tab('24H'));
    await waitFor(() => expect(api.requests.at(-1)?.get('timeWindow')).toBe('24h'));
    expect(api.requests.at(-1)?.get('gender')).toBe('M');
    await grid();
    expect(stats()['Time Frame']).toBe('Today');
    expect(tab('24H')).toHaveAttribute('aria-selected', 'true');

    await user.click(tab('30D'));
    await waitFor(() => expect(api.requests.at(-1)?.get('timeWindow')).toBe('30d'));
    await grid();
    expect(stats()['Time Frame']).toBe('Month');
  });

  it('counts the trending items and sums their swipes in the stats strip', async () => {
    server.use(
      ...trendingApi([
        trendingEntry(navyTee, { likes: 1200, dislikes: 34 }, 1),
        trendingEntry({ ...cargoPants, gender: 'male' }, { likes: 6, dislikes: 1 }, 2),
        entryWithScore(-2, 3),
      ]).handlers,
    );
    renderWithProviders(<TrendsScreen />);
    await grid();
    // 1,234 + 7 + 2 swipes.
    expect(stats()).toEqual({
      Trending: '3',
      'Total Swipes': '1,243',
      'Time Frame': 'Week',
    });
  });

  it('says so when nothing trends in the period', async () => {
    server.use(...trendingApi([]).handlers);
    renderWithProviders(<TrendsScreen />);
    expect(await screen.findByRole('heading', { name: EMPTY })).toBeInTheDocument();
    expect(screen.getByText(EMPTY_HINT)).toBeInTheDocument();
    expect(stats()).toEqual({ Trending: '0', 'Total Swipes': '0', 'Time Frame': 'Week' });
  });

  it('degrades a failed call to the empty state (000 §8)', async () => {
    server.use(
      http.get(TRENDING_URL, () =>
        HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderWithProviders(<TrendsScreen />);
    expect(await screen.findByRole('heading', { name: EMPTY })).toBeInTheDocument();
    expect(screen.getByText(EMPTY_HINT)).toBeInTheDocument();
    expect(screen.queryByTestId('trend-card')).not.toBeInTheDocument();
  });

  it("refetches when a 'trendingUpdated' event fires (000 §4)", async () => {
    let likes = 3;
    const api = trendingApi(() => [trendingEntry(navyTee, { likes, dislikes: 0 })]);
    server.use(...api.handlers);
    renderWithProviders(<TrendsScreen />);
    const card = within(await grid()).getByTestId('trend-card');
    expect(within(card).getByText('TRENDING')).toBeInTheDocument();

    likes = 10;
    act(() => announceTrendingUpdated());
    expect(await within(card).findByText('VIRAL')).toBeInTheDocument();
    expect(stats()['Total Swipes']).toBe('10');
    expect(api.requests).toHaveLength(2);
    expect(Object.fromEntries(api.requests[1]!)).toEqual(Object.fromEntries(api.requests[0]!));
  });
});

describe('Trends banner (000 §2.7)', () => {
  const current = () =>
    screen.getAllByRole('button', { name: /^(TRENDING NOW|HOT PICKS|VIRAL STYLES)$/ });

  it('turns to the next card every 4000 ms and wraps, with no dots or arrows', async () => {
    vi.useFakeTimers();
    renderWithProviders(<TrendsBanner onChoose={() => {}} />);
    const banner = screen.getByRole('region', { name: 'Trend highlights' });
    expect(within(banner).getAllByRole('button', { hidden: true })).toHaveLength(3);
    expect(current().map((button) => button.getAttribute('aria-label'))).toEqual([
      'TRENDING NOW',
    ]);

    await act(() => vi.advanceTimersByTimeAsync(3999));
    expect(current()[0]).toHaveAccessibleName('TRENDING NOW');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(current()).toHaveLength(1);
    expect(current()[0]).toHaveAccessibleName('HOT PICKS');
    expect(screen.getByRole('group', { name: '2 of 3' })).toContainElement(current()[0]!);

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(current()[0]).toHaveAccessibleName('VIRAL STYLES');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(current()[0]).toHaveAccessibleName('TRENDING NOW');
  });

  it('holds still while the pointer is on it', async () => {
    vi.useFakeTimers();
    renderWithProviders(<TrendsBanner onChoose={() => {}} />);
    const banner = screen.getByRole('region', { name: 'Trend highlights' });
    banner.dispatchEvent(new Event('pointerenter'));
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(current()[0]).toHaveAccessibleName('TRENDING NOW');
    banner.dispatchEvent(new Event('pointerleave'));
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(current()[0]).toHaveAccessibleName('HOT PICKS');
  });

  it("shows each card's 'trends' static image", async () => {
    renderWithProviders(<TrendsBanner onChoose={() => {}} />);
    const card = screen.getByRole('button', { name: 'TRENDING NOW' });
    await waitFor(() =>
      expect(card.querySelector('img')).toHaveAttribute('src', '/api/media/banner/trending-now.svg'),
    );
    const hotPicks = screen.getByRole('button', { name: 'HOT PICKS', hidden: true });
    expect(hotPicks.querySelector('img')).toHaveAttribute('src', '/api/media/banner/hot-picks.svg');
  });

  it('draws the title and tagline itself when the images cannot be had', async () => {
    server.use(
      http.get('*/api/admin/static-images/category/:category', () =>
        HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderWithProviders(<TrendsBanner onChoose={() => {}} />);
    const card = screen.getByRole('button', { name: 'TRENDING NOW' });
    expect(await within(card).findByText('What everyone is swiping this week')).toBeVisible();
    expect(card.querySelector('img')).toBeNull();
  });

  it('sets the period of the card in view: 7d, 24h, 30d', async () => {
    vi.useFakeTimers();
    const onChoose = vi.fn();
    renderWithProviders(<TrendsBanner onChoose={onChoose} />);
    for (const [title, timeWindow] of [
      ['TRENDING NOW', '7d'],
      ['HOT PICKS', '24h'],
      ['VIRAL STYLES', '30d'],
    ]) {
      fireEvent.click(screen.getByRole('button', { name: title }));
      expect(onChoose).toHaveBeenLastCalledWith(timeWindow);
      await act(() => vi.advanceTimersByTimeAsync(4000));
    }
    expect(onChoose).toHaveBeenCalledTimes(3);
  });

  it('changes the time frame of the screen and asks again', async () => {
    const api = trendingApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderWithProviders(<TrendsScreen />);
    await grid();
    await user.click(tab('30D'));
    await waitFor(() => expect(api.requests.at(-1)?.get('timeWindow')).toBe('30d'));

    await user.click(screen.getByRole('button', { name: 'TRENDING NOW' }));
    expect(tab('7D')).toHaveAttribute('aria-selected', 'true');
    expect(tab('30D')).toHaveAttribute('aria-selected', 'false');
    await waitFor(() => expect(api.requests.at(-1)?.get('timeWindow')).toBe('7d'));
  });
});
