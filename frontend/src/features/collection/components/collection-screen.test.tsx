import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Brand } from '@/api/catalogue-types';
import { server } from '@/testing/mocks/server';
import { kaapiStudio, oversizedTees, urbanDhaaga } from '@/testing/mocks/fixtures';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

const brand = (n: number): Brand => ({
  _id: `brand-${n}`,
  name: `Brand ${n}`,
  logo_url: null,
  is_active: true,
  description: '',
  gender: 'male',
  productCount: 1,
  created_at: '2025-11-01T00:00:00Z',
});

/** Answers GET /api/brands with `answer(query)` and records each query. */
function brandsAnswer(answer: (query: URLSearchParams) => Brand[] | Promise<Brand[]>) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/brands', async ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return HttpResponse.json(await answer(query));
    }),
  );
  return queries;
}

const brandList = () => screen.findByRole('list', { name: 'Brand list' });
const pressed = (name: string) => screen.getByRole('button', { name, pressed: true });

describe('collection: the way to the style quiz (001 §2 Style Quiz)', () => {
  it('invites to the quiz, and shows its result instead once taken', async () => {
    brandsAnswer(() => [kaapiStudio]);
    const { unmount } = renderApp('/collection');
    expect(await screen.findByRole('link', { name: 'Take the Style Quiz' })).toHaveAttribute(
      'href',
      '/style-quiz',
    );
    unmount();
    renderApp('/collection?style=streetwear-king');
    expect(await screen.findByRole('link', { name: 'See the look' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Take the Style Quiz' })).not.toBeInTheDocument();
  });
});

describe('collection, brands mode (000 §2.6)', () => {
  it("lists 'All Brands', the top-level categories once each, and the brands", async () => {
    const queries = brandsAnswer(() => [kaapiStudio, urbanDhaaga]);
    renderApp('/collection');

    expect(await screen.findByRole('heading', { name: 'Collection', level: 1 })).toBeVisible();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();

    const rail = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(rail).getByRole('link', { name: 'All Brands' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await within(rail).findByRole('link', { name: 'Topwear' });
    expect(within(rail).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'All Brands',
      'Topwear',
      'Bottomwear',
      'Ethnic Wear',
      'Accessories',
      'Footwear',
      'Western Wear',
    ]);

    const links = within(await brandList()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['KSKaapi Studio', 'Urban Dhaaga']);
    expect(links[0]).toHaveAttribute('href', `/products?brand=${kaapiStudio._id}`);
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search brands...')).toBeInTheDocument();
    expect(pressed('ALL')).toBeInTheDocument();
    // 001 §9: 50 a page for ALL, from page 1.
    expect(queries[0]!.get('limit')).toBe('50');
    expect(queries[0]!.get('page')).toBe('1');
    expect(queries[0]!.has('gender')).toBe(false);
  });

  it('reads the gender from the URL in any case and ignores anything else', async () => {
    const queries = brandsAnswer(() => [urbanDhaaga]);
    const { unmount } = renderApp('/collection?gender=FEMALE');
    await brandList();
    expect(pressed('FEMALE')).toBeInTheDocument();
    expect(queries[0]!.get('gender')).toBe('female');
    expect(queries[0]!.get('limit')).toBe('12');
    unmount();

    renderApp('/collection?gender=kids');
    await screen.findAllByRole('list', { name: 'Brand list' });
    expect(pressed('ALL')).toBeInTheDocument();
    expect(queries[1]!.has('gender')).toBe(false);
  });

  it('filters by gender with the MALE, FEMALE, UNISEX and ALL buttons', async () => {
    const user = userEvent.setup();
    const queries = brandsAnswer(() => [urbanDhaaga]);
    const { router } = renderApp('/collection');
    await brandList();

    await user.click(screen.getByRole('button', { name: 'MALE' }));
    await waitFor(() => expect(queries.at(-1)!.get('gender')).toBe('male'));
    expect(queries.at(-1)!.get('limit')).toBe('12');
    expect(router.state.location.search).toBe('?gender=male');
    expect(pressed('MALE')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ALL' }));
    expect(pressed('ALL')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('searches brands on the server, from page 1', async () => {
    const user = userEvent.setup();
    const queries = brandsAnswer((query) =>
      [kaapiStudio, urbanDhaaga].filter((b) =>
        b.name.toLowerCase().includes(query.get('search')?.toLowerCase() ?? ''),
      ),
    );
    renderApp('/collection');
    await brandList();

    await user.type(screen.getByRole('searchbox', { name: 'Search brands' }), ' urban ');
    // 000 §5: the brands on screen narrow at once...
    expect(screen.queryByText('Kaapi Studio')).not.toBeInTheDocument();
    expect(within(await brandList()).getByText('Urban Dhaaga')).toBeInTheDocument();
    // ...and the settled text is asked of the server, from page 1.
    await waitFor(() => expect(queries.at(-1)!.get('search')).toBe('urban'));
    expect(queries.at(-1)!.get('page')).toBe('1');
    expect(screen.getByText('1 item')).toBeInTheDocument();
  });

  it("appends pages with 'Load More Brands' and stops after a short page", async () => {
    const user = userEvent.setup();
    let releaseSecondPage = () => {};
    const secondPage = new Promise<void>((resolve) => {
      releaseSecondPage = resolve;
    });
    const queries = brandsAnswer(async (query) => {
      if (query.get('page') === '1') return Array.from({ length: 12 }, (_, i) => brand(i + 1));
      await secondPage;
      return [brand(13), brand(14)];
    });
    renderApp('/collection?gender=male');
    expect(within(await brandList()).getAllByRole('link')).toHaveLength(12);

    await user.click(screen.getByRole('button', { name: 'Load More Brands' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    releaseSecondPage();

    await waitFor(() => expect(screen.getByText('14 items')).toBeInTheDocument());
    expect(within(await brandList()).getAllByRole('link')).toHaveLength(14);
    expect(queries.map((query) => query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load More Brands' })).not.toBeInTheDocument();
  });

  it("offers no 'Load More Brands' when the first page is short", async () => {
    brandsAnswer(() => [urbanDhaaga]);
    renderApp('/collection?gender=male');
    await brandList();
    expect(screen.queryByRole('button', { name: 'Load More Brands' })).not.toBeInTheDocument();
  });

  it("says 'No brands found' with the hint when nothing matches or the call fails", async () => {
    brandsAnswer(() => []);
    const { unmount } = renderApp('/collection');
    expect(await screen.findByRole('heading', { name: 'No brands found' })).toBeInTheDocument();
    expect(screen.getByText('Try switching to a different category or tab')).toBeInTheDocument();
    unmount();

    server.use(
      http.get('*/api/brands', () =>
        HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp('/collection');
    expect(await screen.findByRole('heading', { name: 'No brands found' })).toBeInTheDocument();
  });

  it("shows 'No categories' when there are no top-level categories", async () => {
    server.use(http.get('*/api/categories/admin/all', () => HttpResponse.json([])));
    renderApp('/collection');
    expect(await screen.findByText('No categories')).toBeInTheDocument();
  });
});

describe('collection, category mode (000 §2.6)', () => {
  it("shows the category's subcategories, each opening its product list", async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/collection');
    const rail = await screen.findByRole('navigation', { name: 'Categories' });
    await user.click(await within(rail).findByRole('link', { name: 'Topwear' }));

    expect(router.state.location.search).toBe('?category=Topwear');
    const topwear = within(rail).getByRole('link', { name: 'Topwear' });
    expect(topwear).toHaveAttribute('aria-current', 'page');
    const list = await screen.findByRole('list', { name: 'Subcategories' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Oversized T-shirt', 'Shirt']);
    expect(links[0]).toHaveAttribute('href', `/products/${oversizedTees._id}`);
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Search brands...')).not.toBeInTheDocument();
  });

  it("says 'No subcategories found' with the hint for a category without any", async () => {
    renderApp('/collection?category=Footwear');
    expect(await screen.findByRole('heading', { name: 'No subcategories found' })).toBeVisible();
    expect(screen.getByText('Try switching to a different category or tab')).toBeInTheDocument();
  });

  it('keeps to the gender of the URL', async () => {
    renderApp('/collection?category=Western%20Wear&gender=male');
    expect(await screen.findByRole('heading', { name: 'No subcategories found' })).toBeVisible();
    const rail = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(rail).queryByRole('link', { name: 'Western Wear' })).not.toBeInTheDocument();
  });
});

describe('collection, style quiz result (001 §2)', () => {
  it('names the style and links to its look', async () => {
    renderApp('/collection?style=streetwear-king');
    expect(await screen.findByText('Your style: Streetwear King')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /See the look/ })).toHaveAttribute(
      'href',
      '/look/streetwear',
    );
  });

  it('shows nothing for an unknown style', async () => {
    renderApp('/collection?style=goth');
    await brandList();
    expect(screen.queryByText(/Your style/)).not.toBeInTheDocument();
  });
});
