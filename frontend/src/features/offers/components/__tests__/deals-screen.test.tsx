import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Product } from '@/lib/product';
import { ToastViewport } from '@/components/ui/toast-viewport';
import { server } from '@/testing/mocks/server';
import { bagState } from '@/testing/mocks/bag-handlers';
import { cargoPants, navyTee } from '@/testing/mocks/fixtures';
import { serverUser } from '@/testing/mocks/users';
import {
  act,
  renderApp,
  renderHook,
  renderWithProviders,
  screen,
  waitFor,
  within,
} from '@/testing/test-utils';
import { BAG_SIGN_IN_REASON } from '@/hooks/use-bag';
import { useSessionActions } from '@/stores/session';
import { SELECT_SIZE_TEXT } from '@/components/product/size-sheet';
import { SIGN_IN_PROMPT_TITLE } from '@/components/ui/sign-in-prompt';
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
    // 30 % off ₹999.50 is ₹699.65: whole rupees on deals (000 §9).
    dealsApi([deal('a', 'Hoodies', 30, '999.50')]);
    renderDeals();
    const card = await screen.findByRole('article', { name: 'Hoodies a' });
    expect(within(card).getByText('30% OFF')).toBeInTheDocument();
    expect(within(card).getByText('₹700')).toBeInTheDocument();
    expect(within(card).getByText('₹1,000', { exact: false }).tagName).toBe('S');
    expect(within(card).getByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();

    expect(within(card).getByRole('button', { name: /Add to cart/ })).toBeInTheDocument();
  });

  describe('add to cart: a real add with a size (docs/requirements.md, 000 §2.10)', () => {
    function signIn() {
      const session = renderHook(() => useSessionActions()).result.current;
      act(() => session.loggedIn(serverUser()));
    }
    const hoodie = deal('a', 'Hoodies', 30);

    async function openSheet() {
      const user = userEvent.setup();
      dealsApi([hoodie]);
      const view = renderApp('/deals');
      const card = await screen.findByRole('article', { name: 'Hoodies a' });
      await user.click(within(card).getByRole('button', { name: /Add to cart/ }));
      return { user, view };
    }

    it('asks a visitor to sign in and adds nothing', async () => {
      const bag = bagState([], [hoodie]);
      server.use(...bag.handlers);
      await openSheet();
      expect(await screen.findByRole('dialog', { name: SIGN_IN_PROMPT_TITLE })).toHaveTextContent(
        BAG_SIGN_IN_REASON,
      );
      expect(bag.calls).toEqual([]);
    });

    it("says 'Please select a size' without one, then adds the chosen size: 'Added to cart'", async () => {
      signIn();
      const bag = bagState([], [hoodie]);
      server.use(...bag.handlers);
      const { user } = await openSheet();
      const sheet = await screen.findByRole('dialog', { name: 'Hoodies a' });
      // The card's whole rupees (000 §9): 30 % off ₹1,299 is ₹909.30.
      expect(within(sheet).getByText('₹909')).toBeInTheDocument();
      // The fixture's stock: M is sold out.
      expect(within(sheet).getByRole('radio', { name: /^M/ })).toBeDisabled();
      await user.click(within(sheet).getByRole('button', { name: 'ADD TO BAG' }));
      expect(within(sheet).getByRole('alert')).toHaveTextContent(SELECT_SIZE_TEXT);
      expect(bag.calls).toEqual([]);

      await user.click(within(sheet).getByRole('radio', { name: 'L' }));
      expect(within(sheet).queryByRole('alert')).toBeNull();
      await user.click(within(sheet).getByRole('button', { name: 'ADD TO BAG' }));
      expect(await screen.findByText('Added to cart')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Hoodies a' })).toBeNull();
      // 000 §9: 3000 ms here, outside the route shell; still there after the shell's 2 s.
      await new Promise((resolve) => setTimeout(resolve, 2200));
      expect(screen.getByText('Added to cart')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Added to cart')).toBeNull(), { timeout: 1500 });
      expect(bag.calls).toEqual([
        `POST /api/cart/items ${JSON.stringify({ productId: 'a', size: 'L', quantity: 1 })}`,
      ]);
    });

    it('asks to switch when the bag holds another brand', async () => {
      signIn();
      const bag = bagState([{ product: cargoPants, size: '30', quantity: 1 }], [hoodie, cargoPants]);
      server.use(...bag.handlers);
      const { user } = await openSheet();
      const sheet = await screen.findByRole('dialog', { name: 'Hoodies a' });
      await user.click(within(sheet).getByRole('radio', { name: 'S' }));
      await user.click(within(sheet).getByRole('button', { name: 'ADD TO BAG' }));
      const dialog = await screen.findByRole('dialog', {
        name: 'Your bag has items from Kaapi Studio',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Switch to Urban Dhaaga' }));
      await waitFor(() =>
        expect(bag.lines().map((line) => [line.product._id, line.size])).toEqual([['a', 'S']]),
      );
    });

    it("shows the server's words when the size runs out", async () => {
      signIn();
      server.use(...bagState([{ product: hoodie, size: 'S', quantity: 4 }], [hoodie]).handlers);
      const { user } = await openSheet();
      const sheet = await screen.findByRole('dialog', { name: 'Hoodies a' });
      await user.click(within(sheet).getByRole('radio', { name: 'S' }));
      await user.click(within(sheet).getByRole('button', { name: 'ADD TO BAG' }));
      expect(await screen.findByText('Only 4 left in size S.')).toBeInTheDocument();
    });
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
