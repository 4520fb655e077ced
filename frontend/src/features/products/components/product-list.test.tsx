import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { PRODUCT_LIST_PAGE_SIZE } from '@/config/app';
import type { Product } from '@/lib/product';
import { server } from '@/testing/mocks/server';
import { navyTee, oversizedTees, plainShirt } from '@/testing/mocks/fixtures';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

/** Answers `path` with `products` and records each request's query. */
function answer(path: string, products: JsonBodyType) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`*/api${path}`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(products);
    }),
  );
  return queries;
}

/** Answers `path` page by page with what `pageOf` gives for the asked page; records the queries. */
function answerPages(
  path: string,
  pageOf: (page: number) => JsonBodyType | Response | Promise<JsonBodyType | Response>,
) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`*/api${path}`, async ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const body = await pageOf(Number(query.get('page')));
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  return queries;
}

const numbered = (count: number, from = 0): Product[] =>
  Array.from({ length: count }, (_, index) => ({
    ...navyTee,
    _id: `p-${from + index}`,
    name: `Tee ${from + index}`,
  }));

const FULL = PRODUCT_LIST_PAGE_SIZE;
const LOAD_MORE = { name: 'Load More Products' } as const;

describe('product list of a category (001)', () => {
  it('shows the title, the tag line and two-column cards with the discount', async () => {
    renderApp(`/products/${oversizedTees._id}?name=Oversized%20Tees`);
    expect(await screen.findByRole('heading', { name: 'Oversized Tees Products' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/collection?category=Brands',
    );
    expect(
      await screen.findByText('Showing products tagged with "Oversized T-shirt"'),
    ).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Products' });
    const card = within(list).getByRole('article', { name: navyTee.name });
    expect(within(card).getByRole('link')).toHaveAttribute('href', `/product/${navyTee._id}`);
    expect(within(card).getByRole('img', { name: navyTee.name })).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(within(card).getByText('Urban Dhaaga')).toBeInTheDocument();
    expect(within(card).getByText('₹1,299', { exact: false }).tagName).toBe('S');
    expect(within(card).getByText('₹1,039.20')).toBeInTheDocument();
    expect(within(card).getByText('20% Off!')).toBeInTheDocument();
  });

  it("names the list after the category when the link gave no name, else 'Products'", async () => {
    const { unmount } = renderApp(`/products/${oversizedTees._id}`);
    const title = 'Oversized T-shirt Products';
    expect(await screen.findByRole('heading', { name: title })).toBeVisible();
    unmount();

    answer('/products/category', []);
    renderApp('/products/c-empty');
    const empty = 'No products found for this category.';
    expect(await screen.findByRole('heading', { name: empty })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  });

  it("shows 'No Brand', the placeholder and a plain price", async () => {
    answer('/products/category', [{ ...plainShirt, brand: null }]);
    renderApp('/products/c1');
    const card = await screen.findByRole('article', { name: plainShirt.name });
    expect(within(card).getByText('No Brand')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: plainShirt.name }).tagName).toBe('SPAN');
    expect(within(card).getByText('₹899')).toBeInTheDocument();
    expect(within(card).queryByText(/Off!/)).not.toBeInTheDocument();
  });

  it("says 'Loading products...' while loading", async () => {
    renderApp('/products/c1');
    expect(await screen.findByText('Loading products...')).toBeInTheDocument();
  });

  it("shows the server's message with 'Try Again', which asks again", async () => {
    const user = userEvent.setup();
    renderApp('/products/unknown');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Category not found');

    answer('/products/category', [navyTee]);
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: navyTee.name })).toBeInTheDocument();
  });
});

describe('product list of a brand or a gender (001)', () => {
  it('asks for the brand with the gender and names the list after the brand', async () => {
    const queries = answer('/products/brand/:brandId', [navyTee]);
    renderApp('/products?brand=b1&gender=MALE');
    expect(await screen.findByRole('heading', { name: 'Urban Dhaaga Products' })).toBeVisible();
    expect(queries[0]!.get('gender')).toBe('male');
  });

  it('lists the catalogue of a gender, 50 at most, without a brand', async () => {
    const queries = answer('/products', [navyTee]);
    renderApp('/products?gender=female');
    await screen.findByRole('article', { name: navyTee.name });
    expect(queries[0]!.get('gender')).toBe('female');
    expect(queries[0]!.get('limit')).toBe('50');
  });
});

describe("product list pages ('Load More Products')", () => {
  it('offers the next page only after a full page', async () => {
    const queries = answerPages('/products/category', () => numbered(FULL));
    const { unmount } = renderApp('/products/c1');
    await screen.findByRole('article', { name: 'Tee 0' });
    expect(queries[0]!.get('page')).toBe('1');
    expect(queries[0]!.get('limit')).toBe(String(FULL));
    expect(screen.getByRole('button', LOAD_MORE)).toBeEnabled();
    unmount();

    answerPages('/products/category', () => numbered(FULL - 1));
    renderApp('/products/c2');
    await screen.findByRole('article', { name: 'Tee 0' });
    expect(screen.queryByRole('button', LOAD_MORE)).not.toBeInTheDocument();
  });

  it('appends the next page without repeating a product, then stops at a short page', async () => {
    const user = userEvent.setup();
    // Page 2 repeats the last two of page 1, as when new products push the list down.
    const queries = answerPages('/products/category', (page) =>
      page === 1 ? numbered(FULL) : numbered(5, FULL - 2),
    );
    renderApp('/products/c1?name=Topwear');
    await screen.findByRole('article', { name: 'Tee 0' });

    await user.click(screen.getByRole('button', LOAD_MORE));
    expect(await screen.findByRole('article', { name: `Tee ${FULL + 2}` })).toBeInTheDocument();
    expect(queries).toHaveLength(2);
    expect(queries[1]!.get('page')).toBe('2');
    expect(queries[1]!.get('limit')).toBe(String(FULL));
    expect(queries[1]!.get('category')).toBe('c1');
    const list = screen.getByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('article')).toHaveLength(FULL + 3);
    expect(within(list).getAllByRole('article', { name: `Tee ${FULL - 1}` })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Topwear Products' })).toBeVisible();
    expect(screen.queryByRole('button', LOAD_MORE)).not.toBeInTheDocument();
  });

  it("pages a brand's list with its gender", async () => {
    const user = userEvent.setup();
    const queries = answerPages('/products/brand/:brandId', (page) =>
      page === 1 ? numbered(FULL) : numbered(1, FULL),
    );
    renderApp('/products?brand=b1&gender=female');
    await user.click(await screen.findByRole('button', LOAD_MORE));
    await screen.findByRole('article', { name: `Tee ${FULL}` });
    expect(queries[1]!.get('page')).toBe('2');
    expect(queries[1]!.get('gender')).toBe('female');
  });

  it("says 'Loading...' while the next page loads", async () => {
    const user = userEvent.setup();
    let release = () => {};
    const secondPage = new Promise<void>((resolve) => (release = resolve));
    answerPages('/products/category', async (page) => {
      if (page === 1) return numbered(FULL);
      await secondPage;
      return numbered(2, FULL);
    });
    renderApp('/products/c1');
    await user.click(await screen.findByRole('button', LOAD_MORE));

    const loading = await screen.findByRole('button', { name: 'Loading...' });
    expect(loading).toBeDisabled();
    expect(screen.getAllByRole('article')).toHaveLength(FULL);

    release();
    expect(await screen.findByRole('article', { name: `Tee ${FULL + 1}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Loading...' })).not.toBeInTheDocument();
  });

  it("keeps the shown products when the next page fails; 'Try Again' asks again", async () => {
    const user = userEvent.setup();
    let failures = 1;
    const queries = answerPages('/products/category', (page) => {
      if (page === 1) return numbered(FULL);
      if (failures-- > 0) {
        return HttpResponse.json({ error: 'Database down', code: 'INTERNAL' }, { status: 500 });
      }
      return numbered(2, FULL);
    });
    renderApp('/products/c1');
    await user.click(await screen.findByRole('button', LOAD_MORE));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database down');
    expect(screen.getAllByRole('article')).toHaveLength(FULL);
    expect(screen.getByRole('article', { name: 'Tee 0' })).toBeInTheDocument();
    expect(screen.queryByRole('button', LOAD_MORE)).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: `Tee ${FULL + 1}` })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(queries.map((query) => query.get('page'))).toEqual(['1', '2', '2']);
    expect(screen.getAllByRole('article')).toHaveLength(FULL + 2);
  });
});
