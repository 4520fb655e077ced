import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import {
  cargoPants,
  kaapiStudio,
  navyTee,
  urbanDhaaga,
  zariLane,
} from '@/testing/mocks/fixtures';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { useSessionActions } from '@/stores/session';
import { serverUser } from '@/testing/mocks/users';
import { BAG_SIGN_IN_REASON, BAG_TOASTS } from '@/hooks/use-bag';
import { bagKeys, type Bag } from '@/api/bag';
import { bagState } from '@/testing/mocks/bag-handlers';

const failing = () =>
  HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 });

/** Records the query of every GET /api/products/brand/:id and answers `products`. */
function brandProducts(products = [navyTee]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/products/brand/:brandId', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(products);
    }),
  );
  return queries;
}

describe('All Brands (000 §2.13)', () => {
  it('shows a card per active brand linking to its page, asking for 100', async () => {
    let limit: string | null = null;
    server.use(
      http.get('*/api/brands', ({ request }) => {
        limit = new URL(request.url).searchParams.get('limit');
        return HttpResponse.json([kaapiStudio, { ...zariLane, is_active: false }, urbanDhaaga]);
      }),
    );
    renderApp('/brands');
    expect(await screen.findByRole('heading', { name: 'All Brands', level: 1 })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Brands' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', `/brands/${kaapiStudio._id}`);
    expect(within(links[0]!).getByText('Kaapi Studio')).toBeInTheDocument();
    expect(within(links[0]!).getByText('KS')).toBeInTheDocument();
    expect(within(links[1]!).getByText('1 product')).toBeInTheDocument();
    expect(limit).toBe('100');
  });

  it("shows a loading list, then 'No brands found' when the call fails", async () => {
    server.use(http.get('*/api/brands', failing));
    renderApp('/brands');
    expect(await screen.findByRole('list', { name: 'Loading brands' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'No brands found' })).toBeVisible();
  });
});

describe('brand page (000 §2.13, 001 §9)', () => {
  it("shows the brand's header and products, with a link to the bag", async () => {
    brandProducts();
    renderApp(`/brands/${urbanDhaaga._id}`);
    expect(await screen.findByRole('heading', { name: 'Urban Dhaaga', level: 1 })).toBeVisible();
    expect(screen.getByText('Streetwear stitched in Mumbai.')).toBeInTheDocument();
    expect(screen.getByText('1 product')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Brand products' });
    expect(within(grid).getByRole('link', { name: new RegExp(navyTee.name) })).toHaveAttribute(
      'href',
      `/product/${navyTee._id}`,
    );
    expect(screen.getByRole('link', { name: 'Bag' })).toHaveAttribute('href', '/bag');
  });

  it('sorts on the server by newest, price-low, price-high or name', async () => {
    const user = userEvent.setup();
    const queries = brandProducts();
    renderApp(`/brands/${urbanDhaaga._id}`);
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['newest', 'price-low', 'price-high', 'name']);
    await screen.findByRole('list', { name: 'Brand products' });
    expect(queries[0]!.get('sort')).toBe('newest');
    // No paging on the brand page: one page of the API's largest size.
    expect(queries[0]!.get('limit')).toBe('200');

    await user.selectOptions(sort, 'price-high');
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('price-high'));
  });

  it('filters by gender with the chips', async () => {
    const user = userEvent.setup();
    const queries = brandProducts();
    renderApp(`/brands/${urbanDhaaga._id}`);
    await screen.findByRole('list', { name: 'Brand products' });
    expect(queries[0]!.has('gender')).toBe(false);
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Women' }));
    await waitFor(() => expect(queries.at(-1)!.get('gender')).toBe('female'));
    expect(screen.getByRole('button', { name: 'Women', pressed: true })).toBeInTheDocument();
  });

  it('asks a logged-out visitor to sign in to add to the bag', async () => {
    const user = userEvent.setup();
    brandProducts();
    renderApp(`/brands/${urbanDhaaga._id}`);
    await user.click(await screen.findByRole('button', { name: 'Add to Bag' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toHaveAccessibleDescription(
      BAG_SIGN_IN_REASON,
    );
  });

  describe('add to bag (000 §2.13)', () => {
    const teeWithM = { ...navyTee, stock: { S: 4, M: 3, L: 12 } };

    function signIn() {
      const session = renderHook(() => useSessionActions()).result.current;
      act(() => session.loggedIn(serverUser()));
    }

    it("adds one in size M and says 'Added to bag'; the bag in the cache has it", async () => {
      const user = userEvent.setup();
      signIn();
      const bag = bagState([], [teeWithM]);
      server.use(...bag.handlers);
      brandProducts([teeWithM]);
      const { queryClient } = renderApp(`/brands/${urbanDhaaga._id}`);
      await user.click(await screen.findByRole('button', { name: 'Add to Bag' }));
      expect(await screen.findByText(BAG_TOASTS.added)).toBeInTheDocument();
      expect(bag.calls).toEqual([
        `POST /api/cart/items ${JSON.stringify({ productId: navyTee._id, size: 'M', quantity: 1 })}`,
      ]);
      // The answered bag is in the cache: the Bag tab's badge reads it.
      expect(queryClient.getQueryData<Bag>(bagKeys.detail('u1'))?.totalItems).toBe(1);
    });

    it('adds the first size of a product that has no M', async () => {
      const user = userEvent.setup();
      signIn();
      const bag = bagState();
      server.use(...bag.handlers);
      brandProducts([cargoPants]);
      renderApp(`/brands/${kaapiStudio._id}`);
      await user.click(await screen.findByRole('button', { name: 'Add to Bag' }));
      expect(await screen.findByText(BAG_TOASTS.added)).toBeInTheDocument();
      expect(bag.lines().map((line) => line.size)).toEqual(['30']);
    });

    it("shows the server's words when the size is out of stock", async () => {
      const user = userEvent.setup();
      signIn();
      const bag = bagState();
      server.use(...bag.handlers);
      brandProducts([navyTee]);
      renderApp(`/brands/${urbanDhaaga._id}`);
      await user.click(await screen.findByRole('button', { name: 'Add to Bag' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Size M is out of stock.');
      expect(bag.lines()).toEqual([]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it("says 'No products found' when the brand has none or the call fails", async () => {
    server.use(http.get('*/api/products/brand/:brandId', failing));
    renderApp(`/brands/${urbanDhaaga._id}`);
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeVisible();
    expect(screen.getByText('Try adjusting your filters')).toBeInTheDocument();
  });

  it("says 'Brand not found' with 'Go to Explore' to / for an unknown brand", async () => {
    renderApp('/brands/unknown');
    expect(await screen.findByRole('heading', { name: 'Brand not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Explore' })).toHaveAttribute('href', '/');
  });

  it('offers Try Again when the brand fails to load', async () => {
    server.use(http.get('*/api/brands/:id', failing));
    renderApp(`/brands/${urbanDhaaga._id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('goes back in history, or to / when opened directly', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/brands/${urbanDhaaga._id}`);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    await act(() => router.navigate('/brands'));
    await act(() => router.navigate(`/brands/${urbanDhaaga._id}`));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands'));
  });
});
