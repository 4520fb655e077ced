import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from '@/testing/mocks/server';
import { navyTee, oversizedTees, plainShirt } from '@/testing/mocks/fixtures';
import { renderApp, screen, within } from '@/testing/test-utils';

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
