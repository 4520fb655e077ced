import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, within } from '@/testing/test-utils';
import { cargoPants, navyTee, plainShirt } from '@/testing/mocks/fixtures';
import { HOME_GENDERS } from '../utils/genders';
import { TrendingProducts } from './trending-products';

describe("home 'Trending Products' row (000 §2.5)", () => {
  it('renders product cards with en-IN prices', async () => {
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

  it("asks for the chosen gender's 8 newest products and badges them NEW", async () => {
    let query: URLSearchParams | null = null;
    server.use(
      http.get('*/api/products', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json([navyTee]);
      }),
    );
    renderWithProviders(<TrendingProducts gender={HOME_GENDERS[1]} />);
    const card = await screen.findByTestId('product-card');
    expect(within(card).getByText('NEW')).toBeInTheDocument();
    expect(query!.get('limit')).toBe('8');
    expect(query!.get('gender')).toBe('female');
  });

  it("shows 'No trending products found.' for an empty list", async () => {
    server.use(http.get('*/api/products', () => HttpResponse.json([])));
    renderWithProviders(<TrendingProducts />);
    expect(await screen.findByText('No trending products found.')).toBeInTheDocument();
  });

  it('degrades to the empty text when the API fails', async () => {
    server.use(
      http.get('*/api/products', () =>
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
