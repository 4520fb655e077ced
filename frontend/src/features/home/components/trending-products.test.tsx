import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { server } from '@/testing/mocks/server';
import { act, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { cargoPants, navyTee, plainShirt } from '@/testing/mocks/fixtures';
import {
  entryWithScore,
  TRENDING_URL,
  trendingApi,
  trendingEntry,
} from '@/testing/mocks/trends-handlers';
import { announceTrendingUpdated } from '@/api/trending';
import { HOME_GENDERS } from '../utils/genders';
import { HomeScreen } from './home-screen';
import { TrendingProducts } from './trending-products';

const [MEN, WOMEN, UNISEX] = HOME_GENDERS;

describe("home 'Trending Products' row (000 §2.5)", () => {
  it('renders the trending products as cards with en-IN prices', async () => {
    // All three as men's products, so the default MEN row lists them.
    const mens = [navyTee, cargoPants, plainShirt].map((product) => ({ ...product, gender: 'male' }));
    server.use(
      ...trendingApi(
        mens.map((product, index) => trendingEntry(product, { likes: 3, dislikes: 1 }, index + 1)),
      ).handlers,
    );
    renderWithProviders(<TrendingProducts />);
    expect(screen.getByRole('heading', { name: 'Trending Products' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Show More/ })).toHaveAttribute('href', '/trends');

    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(3);

    // 20 % offer on ₹1,299.00: ₹1,039.20, struck ₹1,299.
    const tee = cards[0]!;
    expect(within(tee).getByRole('link')).toHaveAttribute('href', `/product/${navyTee._id}`);
    expect(within(tee).getByText('Urban Dhaaga')).toBeInTheDocument();
    expect(within(tee).getByRole('heading', { name: navyTee.name })).toBeInTheDocument();
    expect(within(tee).getByText('₹1,039.20')).toBeInTheDocument();
    expect(within(tee).getByText('₹1,299', { exact: false }).tagName).toBe('S');
    expect(within(tee).getByText('20% OFF')).toBeInTheDocument();
    expect(within(tee).getByRole('img', { name: navyTee.name })).toHaveAttribute(
      'src',
      '/api/media/art/oversized-tshirt/navy/front.svg',
    );

    // A valid fixed coupon on ₹1,24,999: lakh grouping.
    const cargo = cards[1]!;
    expect(within(cargo).getByRole('link')).toHaveAttribute('href', `/product/${cargoPants._id}`);
    expect(within(cargo).getByText('₹1,24,799')).toBeInTheDocument();

    // A plain price, a string brand, no image: placeholder.
    const shirt = cards[2]!;
    expect(within(shirt).getByText('₹899')).toBeInTheDocument();
    expect(within(shirt).getByText('Loom & Co')).toBeInTheDocument();
    expect(within(shirt).queryByText(/OFF/)).not.toBeInTheDocument();
    expect(within(shirt).getByRole('img', { name: plainShirt.name }).tagName).toBe('SPAN');
  });

  it.each([
    { gender: MEN!, key: 'M' },
    { gender: WOMEN!, key: 'W' },
    { gender: UNISEX!, key: 'W' },
  ])("asks for the week's 8 products of $gender.label with gender $key (000 §7)", async ({
    gender,
    key,
  }) => {
    const api = trendingApi();
    server.use(...api.handlers);
    renderWithProviders(<TrendingProducts gender={gender} />);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(Object.fromEntries(api.requests[0]!)).toEqual({
      timeWindow: '7d',
      limit: '8',
      gender: key,
    });
  });

  it('badges each card by its engagementScore: HOT, RISING, LIKED, NEW (000 §4)', async () => {
    const scores = [10, 9, 5, 4, 0, -1];
    server.use(...trendingApi(scores.map((score, index) => entryWithScore(score, index + 1))).handlers);
    renderWithProviders(<TrendingProducts />);
    const cards = await screen.findAllByTestId('product-card');
    const badges = cards.map((card) => {
      const name = within(card).getByRole('heading').textContent;
      const badge = within(card).getByText(/^(HOT|RISING|LIKED|NEW)$/).textContent;
      return `${name}: ${badge}`;
    });
    expect(badges).toEqual([
      'Scored 10: HOT',
      'Scored 9: RISING',
      'Scored 5: RISING',
      'Scored 4: LIKED',
      'Scored 0: LIKED',
      'Scored -1: NEW',
    ]);
  });

  it('asks again when the home gender changes from men to women', async () => {
    const user = userEvent.setup();
    const api = trendingApi();
    server.use(...api.handlers);
    renderWithProviders(<HomeScreen />);
    const row = await screen.findByRole('list', { name: 'Trending products' });
    expect(within(row).getByRole('heading', { name: navyTee.name })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'WOMEN' }));
    await waitFor(() => expect(api.requests.at(-1)?.get('gender')).toBe('W'));
    expect(await screen.findByRole('heading', { name: plainShirt.name })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: navyTee.name })).not.toBeInTheDocument();
  });

  it("refetches when a 'trendingUpdated' event fires (000 §4)", async () => {
    let swipes = 1;
    const api = trendingApi(() => [trendingEntry(navyTee, { likes: swipes, dislikes: 0 })]);
    server.use(...api.handlers);
    renderWithProviders(<TrendingProducts />);
    expect(await screen.findByText('LIKED')).toBeInTheDocument();

    swipes = 12;
    act(() => announceTrendingUpdated());
    expect(await screen.findByText('HOT')).toBeInTheDocument();
    expect(api.requests).toHaveLength(2);
  });

  it("shows 'No trending products found.' for an empty list", async () => {
    server.use(...trendingApi([]).handlers);
    renderWithProviders(<TrendingProducts />);
    expect(await screen.findByText('No trending products found.')).toBeInTheDocument();
  });

  it('degrades to the empty text when the API fails (000 §8)', async () => {
    server.use(
      http.get(TRENDING_URL, () =>
        HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderWithProviders(<TrendingProducts />);
    expect(await screen.findByText('No trending products found.')).toBeInTheDocument();
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument();
  });

  it('shows a loading skeleton first', () => {
    renderWithProviders(<TrendingProducts />);
    expect(screen.getByRole('list', { name: 'Loading trending products' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });
});
