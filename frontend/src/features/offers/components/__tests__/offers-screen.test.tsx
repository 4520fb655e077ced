import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { OFFERS_PAGE_SIZE } from '@/config/app';
import type { Product } from '@/lib/product';
import { server } from '@/testing/mocks/server';
import { cargoPants, navyTee, plainShirt } from '@/testing/mocks/fixtures';
import { renderApp, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { OffersScreen } from '../offers-screen';

/** Answers GET /api/products with `answer(params)` and records every query string. */
function productsApi(answer: (params: URLSearchParams) => JsonBodyType) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/api/products', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      return HttpResponse.json(answer(params));
    }),
  );
  return requests;
}

const numbered = (count: number, from = 0): Product[] =>
  Array.from({ length: count }, (_, index) => ({
    ...navyTee,
    _id: `p-${from + index}`,
    name: `Tee ${from + index}`,
  }));

const renderOffers = (query = '') => renderWithProviders(<OffersScreen />, { url: `/offers${query}` });

describe('Offers (000 §2.9)', () => {
  it.each([
    ['starting', 'Products Starting at ₹499'],
    ['starting-women', 'Products Starting at ₹799'],
    ['under1299', 'Everything Under ₹1,299'],
    ['under899', 'Everything Under ₹899'],
    ['others', 'Special Offers'],
  ])('titles offer=%s %j and asks for it sorted by price, low first', async (offer, title) => {
    const requests = productsApi(() => [navyTee]);
    renderOffers(`?offer=${offer}`);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await screen.findByRole('article', { name: navyTee.name });
    expect(requests[0]!.get('offer')).toBe(offer === 'others' ? null : offer);
    expect(requests[0]!.get('sort')).toBe('price-low');
    expect(requests[0]!.get('page')).toBe('1');
  });

  it("titles a missing offer 'Special Offers'", () => {
    productsApi(() => []);
    renderOffers();
    expect(screen.getByRole('heading', { level: 1, name: 'Special Offers' })).toBeInTheDocument();
  });

  it.each([
    ['MAN', 'male'],
    ['WOMAN', 'female'],
    ['UNISEX', 'unisex'],
    ['Female', 'female'],
    ['kids', null],
  ])('sends gender=%s as %j', async (gender, sent) => {
    const requests = productsApi(() => [navyTee]);
    renderOffers(`?offer=starting&gender=${gender}`);
    await screen.findByRole('article', { name: navyTee.name });
    expect(requests[0]!.get('gender')).toBe(sent);
  });

  it("badges an offer named flat or buy 'OFFER' and links every card to its product", async () => {
    productsApi(() => [navyTee, cargoPants]);
    renderOffers('?offer=under1299');
    const cargo = await screen.findByRole('article', { name: cargoPants.name });
    expect(within(cargo).getByText('OFFER')).toBeInTheDocument();
    expect(within(cargo).getByRole('link', { name: /^View/ })).toHaveAttribute(
      'href',
      `/product/${cargoPants._id}`,
    );
    const tee = screen.getByRole('article', { name: navyTee.name });
    expect(within(tee).queryByText('OFFER')).not.toBeInTheDocument();
    expect(within(tee).getByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();
  });

  it('re-asks in the chosen order', async () => {
    const user = userEvent.setup();
    const requests = productsApi(() => [navyTee]);
    renderOffers('?offer=starting');
    await screen.findByRole('article', { name: navyTee.name });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('price-low');
    expect(within(sort).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(
      ['price-low', 'price-high', 'newest'],
    );
    await user.selectOptions(sort, 'price-high');
    await waitFor(() => expect(requests.at(-1)!.get('sort')).toBe('price-high'));
    await user.selectOptions(sort, 'newest');
    await waitFor(() => expect(requests.at(-1)!.get('sort')).toBe('newest'));
  });

  it('switches between the grid and the list view', async () => {
    const user = userEvent.setup();
    productsApi(() => [navyTee]);
    renderOffers('?offer=starting');
    const card = await screen.findByRole('article', { name: navyTee.name });
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).queryByRole('link', { name: 'View Details' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    const row = screen.getByRole('article', { name: navyTee.name });
    const href = `/product/${navyTee._id}`;
    expect(within(row).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', href);
    expect(within(row).getByRole('link', { name: 'Quick View' })).toHaveAttribute('href', href);
    expect(within(row).getByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();
  });

  it("'Load More Products' appends the next page and goes once a page comes back short", async () => {
    const user = userEvent.setup();
    const requests = productsApi((params) =>
      params.get('page') === '1' ? numbered(OFFERS_PAGE_SIZE) : numbered(3, OFFERS_PAGE_SIZE),
    );
    renderOffers('?offer=under899');
    await screen.findByRole('article', { name: 'Tee 0' });
    expect(requests[0]!.get('limit')).toBe(String(OFFERS_PAGE_SIZE));

    await user.click(screen.getByRole('button', { name: 'Load More Products' }));
    await screen.findByRole('article', { name: `Tee ${OFFERS_PAGE_SIZE + 2}` });
    expect(requests.at(-1)!.get('page')).toBe('2');
    expect(screen.getAllByRole('article')).toHaveLength(OFFERS_PAGE_SIZE + 3);
    expect(screen.queryByRole('button', { name: 'Load More Products' })).not.toBeInTheDocument();
  });

  it('has no Load More button when the first page is short', async () => {
    productsApi(() => [navyTee, plainShirt]);
    renderOffers('?offer=starting');
    await screen.findByRole('article', { name: plainShirt.name });
    expect(screen.queryByRole('button', { name: 'Load More Products' })).not.toBeInTheDocument();
  });

  it('shows skeleton cards while loading', () => {
    productsApi(() => []);
    renderOffers('?offer=starting');
    expect(screen.getByRole('list', { name: 'Loading products' })).toHaveAttribute('aria-busy', 'true');
  });

  it("says so when the offer has no products, with 'Back to Explore' and 'Retry'", async () => {
    const user = userEvent.setup();
    const requests = productsApi(() => []);
    renderOffers('?offer=starting');
    expect(
      await screen.findByText('No products found for this offer. Please check back later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Explore' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it.each([
    [
      'an HTTP failure',
      () => HttpResponse.json({ error: 'Database down', code: 'INTERNAL' }, { status: 500 }),
      'Failed to fetch products: 500 Internal Server Error',
    ],
    [
      'an answer that is not a list',
      () => HttpResponse.json({ items: [] }),
      'Unexpected response format from server',
    ],
    [
      'a network failure',
      () => HttpResponse.error(),
      'Network error. Please check your connection and try again.',
    ],
  ])('explains %s and offers a way on', async (_, answer, message) => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get('*/api/products', () => {
        calls += 1;
        return answer();
      }),
    );
    renderOffers('?offer=starting');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to Explore' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('is the /offers route, with links to search, the curated list and the profile', async () => {
    productsApi(() => [navyTee]);
    renderApp('/offers?offer=starting');
    const shortcuts = await screen.findByRole('navigation', {
      name: 'Products Starting at ₹499 shortcuts',
    });
    expect(within(shortcuts).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    expect(within(shortcuts).getByRole('link', { name: 'Curated list' })).toHaveAttribute(
      'href',
      '/curatedList',
    );
    expect(within(shortcuts).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(await screen.findByText(/ratings$/)).toBeInTheDocument();
  });
});
