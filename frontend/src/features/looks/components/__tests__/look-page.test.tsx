import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Product } from '@/lib/product';
import { server } from '@/testing/mocks/server';
import { navyTee, plainShirt } from '@/testing/mocks/fixtures';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

const noPrice = { ...plainShirt, _id: 'no-price', name: 'Mystery Tee', price: undefined } as unknown as Product;
const numbered = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ ...navyTee, _id: `p${index}`, name: `Tee ${index}` }));

/** Every category and tag call answers `categoryProducts`; the gender fallback answers []. */
function lookCatalogue(categoryProducts: Product[]) {
  server.use(
    http.get('*/api/products/category', () => HttpResponse.json(categoryProducts)),
    http.get('*/api/products/tag', () => HttpResponse.json([])),
    http.get('*/api/products', () => HttpResponse.json([])),
  );
}

describe('Look page (001 §2, §7)', () => {
  it('shows the look: hero, title, subtitle, description and up to 6 featured products', async () => {
    lookCatalogue(numbered(9));
    renderApp('/look/streetwear');
    expect(await screen.findByRole('heading', { level: 1, name: 'Streetwear' })).toBeInTheDocument();
    expect(screen.getByText('Oversized, loud and easy')).toBeInTheDocument();
    expect(screen.getByText(/Boxy tees, cargos with room to move/)).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Featured Products' });
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(6));
  });

  it('shows prices in whole rupees, N/A without a price, and opens the product', async () => {
    lookCatalogue([navyTee, noPrice]);
    renderApp('/look/formal');
    const tee = await screen.findByRole('article', { name: navyTee.name });
    // 20 % off ₹1,299: ₹1,039.20 shown as ₹1,039.
    expect(within(tee).getByText('₹1,039')).toBeInTheDocument();
    expect(within(tee).getByRole('link')).toHaveAttribute('href', `/product/${navyTee._id}`);
    const mystery = screen.getByRole('article', { name: 'Mystery Tee' });
    expect(within(mystery).getByText('N/A')).toBeInTheDocument();
  });

  it('asks a signed-out shopper to sign in from the heart', async () => {
    const user = userEvent.setup();
    lookCatalogue([navyTee]);
    renderApp('/look/elegant');
    const card = await screen.findByRole('article', { name: navyTee.name });
    await user.click(within(card).getByRole('button', { name: 'Add to wishlist' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
  });

  it('shows skeleton cards while loading', async () => {
    lookCatalogue([navyTee]);
    renderApp('/look/party');
    const grid = await screen.findByRole('list', { name: 'Featured Products' });
    expect(grid).toHaveAttribute('aria-busy', 'true');
    await screen.findByRole('article', { name: navyTee.name });
    expect(grid).not.toHaveAttribute('aria-busy');
  });

  it("says 'No products found for this look' with a way to the collection", async () => {
    lookCatalogue([]);
    renderApp('/look/casual-women');
    expect(
      await screen.findByRole('heading', { name: 'No products found for this look' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Products' })).toHaveAttribute(
      'href',
      '/collection',
    );
  });

  it('sends an unknown look home', async () => {
    const { router } = renderApp('/look/disco');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
