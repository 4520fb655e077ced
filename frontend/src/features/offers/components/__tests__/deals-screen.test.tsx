import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Product } from '@/lib/product';
import { ToastViewport } from '@/components/ui/toast-viewport';
import { server } from '@/testing/mocks/server';
import { navyTee } from '@/testing/mocks/fixtures';
import { renderApp, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { DealsScreen } from '../deals-screen';

const deal = (id: string, category: string, offerPercentage: number, price = '1299.00'): Product => ({
  ...navyTee,
  _id: id,
  name: `${category} ${id}`,
  price: { $numberDecimal: price },
  offerPercentage,
  category: [
    { _id: 'top', name: 'Topwear' },
    { _id: `c-${category}`, name: category },
  ],
});

function dealsApi(products: Product[]) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/api/products', ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return HttpResponse.json(products);
    }),
  );
  return requests;
}

const renderDeals = (query = '') =>
  renderWithProviders(
    <>
      <DealsScreen />
      <ToastViewport />
    </>,
    { url: `/deals${query}` },
  );

describe('Hot Deals (000 §2.10)', () => {
  it("asks for exactly the discount and says '{n}% OFF'", async () => {
    const requests = dealsApi([deal('a', 'Hoodies', 50)]);
    renderDeals('?discount=50&gender=WOMAN');
    expect(screen.getByRole('heading', { level: 1, name: 'Hot Deals' })).toBeInTheDocument();
    expect(screen.getByText('50% OFF', { selector: 'p' })).toBeInTheDocument();
    await screen.findByRole('article');
    expect(requests[0]!.get('discount')).toBe('50');
    expect(requests[0]!.get('gender')).toBe('female');
  });

  it.each(['', '?discount=abc', '?discount=250'])(
    "asks for any offer and says 'Best discounts available' for %j",
    async (query) => {
      const requests = dealsApi([deal('a', 'Hoodies', 20)]);
      renderDeals(query);
      expect(screen.getByText('Best discounts available')).toBeInTheDocument();
      await screen.findByRole('article');
      expect(requests[0]!.get('discount')).toBe('any');
    },
  );

  it('shows a % OFF badge, whole-rupee price, struck original, heart and add to cart', async () => {
    const user = userEvent.setup();
    // 30 % off ₹999.50 is ₹699.65: whole rupees on deals (000 §9).
    dealsApi([deal('a', 'Hoodies', 30, '999.50')]);
    renderDeals();
    const card = await screen.findByRole('article', { name: 'Hoodies a' });
    expect(within(card).getByText('30% OFF')).toBeInTheDocument();
    expect(within(card).getByText('₹700')).toBeInTheDocument();
    expect(within(card).getByText('₹1,000', { exact: false }).tagName).toBe('S');
    expect(within(card).getByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: /Add to cart/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added to cart');
  });

  it('filters by up to 5 categories of the loaded deals, several at once', async () => {
    const user = userEvent.setup();
    dealsApi([
      deal('1', 'Hoodies', 10),
      deal('2', 'Jeans', 20),
      deal('3', 'Hoodies', 30),
      deal('4', 'Shirt', 40),
      deal('5', 'Dresses', 50),
      deal('6', 'Tops', 10),
      deal('7', 'Watches', 20),
    ]);
    renderDeals();
    await screen.findAllByRole('article');
    const chips = within(screen.getByRole('group', { name: 'Filter by category' })).getAllByRole(
      'button',
    );
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'Hoodies',
      'Jeans',
      'Shirt',
      'Dresses',
      'Tops',
    ]);
    expect(screen.getAllByRole('article')).toHaveLength(7);

    await user.click(screen.getByRole('button', { name: 'Hoodies' }));
    expect(screen.getByRole('button', { name: 'Hoodies' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('article')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Shirt' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Hoodies' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('never shows a product without the asked offer', async () => {
    dealsApi([deal('a', 'Hoodies', 40), deal('b', 'Jeans', 20)]);
    renderDeals('?discount=40');
    await screen.findByRole('article', { name: 'Hoodies a' });
    expect(screen.queryByRole('article', { name: 'Jeans b' })).not.toBeInTheDocument();
  });

  it('shows skeleton cards while loading', () => {
    dealsApi([]);
    renderDeals();
    expect(screen.getByRole('list', { name: 'Loading products' })).toHaveAttribute('aria-busy', 'true');
  });

  it("says 'No deals found' with 'Back to Home'", async () => {
    dealsApi([]);
    renderDeals('?discount=50');
    expect(await screen.findByRole('heading', { name: 'No deals found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
  });

  it('explains a failure and tries again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get('*/api/products', () => {
        calls += 1;
        return HttpResponse.json({ error: 'down', code: 'INTERNAL' }, { status: 500 });
      }),
    );
    renderDeals();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load deals. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('is the /deals route', async () => {
    dealsApi([deal('a', 'Hoodies', 20)]);
    renderApp('/deals?discount=20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hot Deals' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Hoodies a' })).toBeInTheDocument();
  });
});
