import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Product } from '@/lib/product';
import { readRecentlyViewed } from '@/lib/recently-viewed';
import { useSessionActions } from '@/stores/session';
import { serverUser } from '@/testing/mocks/users';
import { server } from '@/testing/mocks/server';
import { bagState } from '@/testing/mocks/bag-handlers';
import { cargoPants, navyTee } from '@/testing/mocks/fixtures';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { BUY_NOW_SIGN_IN_REASON, type DirectBuyState } from '@/hooks/use-buy-now';

const tee: Product = {
  ...navyTee,
  images: [
    '/api/media/art/oversized-tshirt/navy/front.svg',
    '/api/media/art/oversized-tshirt/navy/back.svg',
  ],
};

function serveProduct(product: Product = tee) {
  server.use(
    http.get('*/api/products/id/:id', ({ params }) =>
      HttpResponse.json({ ...product, _id: params.id }),
    ),
  );
}

async function openProduct(product: Product = tee) {
  serveProduct(product);
  const view = renderApp(`/product/${product._id}`);
  await screen.findByRole('heading', { name: product.name, level: 1 });
  return view;
}

const buyButton = () => screen.getByRole('button', { name: /BUY/ });

describe('product page (000 §2.12)', () => {
  it('shows brand, name, the two-decimal price and the gallery', async () => {
    const user = userEvent.setup();
    await openProduct();
    const brand = screen.getByRole('link', { name: 'Urban Dhaaga' });
    expect(brand).toHaveAttribute('href', '/brands/b1');
    // 000 §9: the product page shows 2 decimals.
    expect(screen.getByText('₹1,039.20')).toBeInTheDocument();
    expect(screen.getByText('₹1,299.00', { exact: false }).tagName).toBe('S');

    expect(screen.getByRole('img', { name: `${tee.name}, image 1 of 2` })).toHaveAttribute(
      'src',
      tee.images![0],
    );
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByRole('img', { name: `${tee.name}, image 2 of 2` })).toHaveAttribute(
      'src',
      tee.images![1],
    );
    expect(screen.getByRole('button', { name: 'Show image 2 of 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('has a search button, a wishlist heart and a back button', async () => {
    await openProduct();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    expect(within(main).getByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it("lists sizes in the product's order, disables sold-out ones and says 'N left'", async () => {
    const user = userEvent.setup();
    await openProduct();
    const sizes = screen.getByRole('group', { name: /Select Size/ });
    const radios = within(sizes).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['S', 'M', 'L']);
    expect(within(sizes).getByRole('radio', { name: /M/ })).toBeDisabled();

    expect(buyButton()).toHaveTextContent('SELECT SIZE TO BUY');
    expect(buyButton()).toBeDisabled();

    await user.click(within(sizes).getByRole('radio', { name: 'L' }));
    expect(screen.getByText('12 left')).toBeInTheDocument();
    expect(buyButton()).toHaveTextContent('BUY NOW');
    expect(buyButton()).toBeEnabled();

    await user.click(within(sizes).getByRole('radio', { name: 'S' }));
    expect(screen.getByText('4 left')).toBeInTheDocument();
  });

  it('asks a logged-out visitor to sign in on BUY NOW', async () => {
    const user = userEvent.setup();
    const { router } = await openProduct();
    await user.click(screen.getByRole('radio', { name: 'L' }));
    await user.click(buyButton());
    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toHaveAccessibleDescription(
      BUY_NOW_SIGN_IN_REASON,
    );
    expect(router.state.location.pathname).toBe(`/product/${tee._id}`);
  });

  describe('BUY NOW (000 §4, 001 §4)', () => {
    function signIn() {
      const session = renderHook(() => useSessionActions()).result.current;
      act(() => session.loggedIn(serverUser()));
    }

    it('adds one in the chosen size to the bag, then goes to checkout with the product and directBuy', async () => {
      const user = userEvent.setup();
      signIn();
      const bag = bagState();
      server.use(...bag.handlers);
      const { router } = await openProduct();
      await user.click(screen.getByRole('radio', { name: 'L' }));
      await user.click(buyButton());

      await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
      expect(bag.calls).toEqual([
        `POST /api/cart/items ${JSON.stringify({ productId: tee._id, size: 'L', quantity: 1 })}`,
      ]);
      const state = router.state.location.state as DirectBuyState;
      expect(state.directBuy).toBe(true);
      expect(state.product).toMatchObject({
        id: tee._id,
        name: tee.name,
        brand: 'Urban Dhaaga',
        price: tee.price,
        selectedSize: 'L',
        sizes: ['S', 'M', 'L'],
        quantity: 1,
        offerPercentage: 20,
        assigned_coupon: null,
        image: tee.images![0],
      });
    });

    it('waits while the add is in flight', async () => {
      const user = userEvent.setup();
      signIn();
      server.use(...bagState().handlers);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      server.use(
        http.post('*/api/cart/items', async () => {
          await gate;
        }),
      );
      const { router } = await openProduct();
      await user.click(screen.getByRole('radio', { name: 'L' }));
      await user.click(buyButton());
      await waitFor(() => expect(buyButton()).toBeDisabled());
      expect(router.state.location.pathname).toBe(`/product/${tee._id}`);
      release();
      await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    });

    it("stays on the product with the server's words when the size runs out", async () => {
      const user = userEvent.setup();
      signIn();
      server.use(...bagState([{ product: tee, size: 'S', quantity: 4 }], [tee]).handlers);
      const { router } = await openProduct();
      await user.click(screen.getByRole('radio', { name: 'S' }));
      await user.click(buyButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('Only 4 left in size S.');
      expect(router.state.location.pathname).toBe(`/product/${tee._id}`);
    });

    it('asks to switch brands when the bag holds another brand, and goes to checkout after', async () => {
      const user = userEvent.setup();
      signIn();
      const bag = bagState([{ product: cargoPants, size: '30', quantity: 1 }], [tee, cargoPants]);
      server.use(...bag.handlers);
      const { router } = await openProduct();
      await user.click(screen.getByRole('radio', { name: 'L' }));
      await user.click(buyButton());
      const dialog = await screen.findByRole('dialog', {
        name: 'Your bag has items from Kaapi Studio',
      });
      expect(router.state.location.pathname).toBe(`/product/${tee._id}`);
      await user.click(within(dialog).getByRole('button', { name: 'Switch to Urban Dhaaga' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
      expect((router.state.location.state as DirectBuyState).product.selectedSize).toBe('L');
      expect(bag.lines().map((line) => [line.product._id, line.size, line.quantity])).toEqual([
        [tee._id, 'L', 1],
      ]);
    });

    it('stays on the product when the shopper keeps the bag', async () => {
      const user = userEvent.setup();
      signIn();
      const bag = bagState([{ product: cargoPants, size: '30', quantity: 1 }], [tee, cargoPants]);
      server.use(...bag.handlers);
      const { router } = await openProduct();
      await user.click(screen.getByRole('radio', { name: 'L' }));
      await user.click(buyButton());
      const dialog = await screen.findByRole('dialog', {
        name: 'Your bag has items from Kaapi Studio',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Keep Kaapi Studio' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(`/product/${tee._id}`);
      expect(bag.lines().map((line) => line.product._id)).toEqual([cargoPants._id]);
    });
  });

  it('shows the specification and the description in tabs', async () => {
    const user = userEvent.setup();
    await openProduct();
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('SPECIFICATION')).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    const rows = within(panel).getAllByRole('term').map((term) => term.textContent);
    expect(rows).toEqual(['Pattern', 'Length', 'Fabric', 'Sleeve Length', 'Fit', 'Distress']);
    expect(within(panel).getByText('Oversized')).toBeInTheDocument();
    expect(within(panel).getByText('Cotton')).toBeInTheDocument();

    await user.click(tab('DESCRIPTION'));
    expect(tab('DESCRIPTION')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(tee.description!);
  });

  it.each([
    ['is unknown', 404, 'Product not found.'],
    ['fails to load', 500, 'Database unavailable'],
  ])("says 'Product not found.' when the product %s", async (_, status, error) => {
    server.use(
      http.get('*/api/products/id/:id', () =>
        HttpResponse.json({ error, code: 'X' }, { status }),
      ),
    );
    renderApp('/product/missing');
    expect(await screen.findByRole('heading', { name: 'Product not found.' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /BUY/ })).not.toBeInTheDocument();
  });

  it('records the product in recently viewed, newest first and at most 5', async () => {
    serveProduct();
    const { router } = renderApp('/product/p1');
    await screen.findByRole('heading', { name: tee.name, level: 1 });
    await waitFor(() => expect(readRecentlyViewed().map((p) => p._id)).toEqual(['p1']));

    for (const id of ['p2', 'p3', 'p4', 'p5', 'p6', 'p2']) {
      await act(() => router.navigate(`/product/${id}`));
      await waitFor(() => expect(readRecentlyViewed()[0]?._id).toBe(id));
    }
    expect(readRecentlyViewed().map((p) => p._id)).toEqual(['p2', 'p6', 'p5', 'p4', 'p3']);
  });
});
