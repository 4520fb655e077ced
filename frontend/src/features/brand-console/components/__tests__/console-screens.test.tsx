import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ConsoleCoupon, ConsoleProduct } from '@/api/console-types';
import { useSessionActions } from '@/stores/session';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';

function signInAs(role: 0 | 1 | 2) {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser({ role, email: 'team@loom.in' })));
}

function product(overrides: Partial<ConsoleProduct> = {}): ConsoleProduct {
  return {
    _id: 'p1',
    name: 'Linen shirt',
    description: 'Cool',
    price: { $numberDecimal: '1299.00' },
    gender: 'male',
    category: [{ _id: 'c1', name: 'Shirts' }],
    tags: ['summer'],
    colour: 'white',
    currency: 'INR',
    brand: { _id: 'b1', name: 'Loom' },
    createdAt: '2026-11-01T10:00:00Z',
    assigned_coupon: null,
    specifications: { pattern: '', length: '', fabric: 'linen', sleeveLength: '', fit: '', distress: '' },
    sizes: ['S', 'M'],
    stock: { S: 4, M: 10 },
    product_variants: [
      {
        color: 'white',
        images: [],
        sizes: [
          { size: 'S', stock: 4 },
          { size: 'M', stock: 10 },
        ],
      },
    ],
    offerPercentage: 0,
    images: [],
    imageSet: [],
    version: 3,
    isActive: true,
    archived: false,
    archivedAt: null,
    ...overrides,
  };
}

const fail = (status: number, code: string, error: string, extra: object = {}) =>
  HttpResponse.json({ error, code, ...extra }, { status });

describe('Brand console: products', () => {
  it('refuses a shopper without asking the server', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/brand/products', () => {
        asked += 1;
        return HttpResponse.json({});
      }),
    );
    signInAs(0);
    renderApp('/brand/products');
    expect(await screen.findByText('The brand console is for brand teams')).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('lists, searches and pages', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/brand/products', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const page = Number(query.get('page'));
        const name = query.get('search') ? 'Found shirt' : `Shirt page ${page}`;
        return HttpResponse.json({
          success: true,
          products: [product({ _id: `p${page}`, name })],
          total: 25,
          page,
          limit: 20,
        });
      }),
    );
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand/products');
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).getByRole('rowheader', { name: 'Shirt page 1' })).toBeInTheDocument();
    expect(screen.getByTestId('console-who')).toHaveTextContent('team@loom.in · Brand team');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: 'Shirt page 2' })).toBeInTheDocument();
    expect(screen.getByText(/Page 2 of 2/)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'found');
    expect(await screen.findByRole('rowheader', { name: 'Found shirt' })).toBeInTheDocument();
    expect(asked.at(-1)?.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Price' }));
    await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('price-low'));
  });

  it('validates as typed and shows the server field errors at the field', async () => {
    server.use(
      http.post('*/api/brand/products', () =>
        fail(400, 'VALIDATION_FAILED', 'Check the fields.', {
          fields: { category: 'Category c9 does not exist.' },
        }),
      ),
    );
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand/products/new');
    const price = await screen.findByLabelText('Price (₹)');
    await user.type(price, '12.345');
    expect(screen.getByText('Rupees, with at most two decimals.')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '999');
    await user.type(screen.getByLabelText('Name'), 'Kurta');
    await user.type(screen.getByLabelText('Categories'), 'c9');
    await user.click(screen.getByRole('checkbox', { name: 'M' }));
    await user.type(screen.getByLabelText('Stock M'), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category c9 does not exist.')).toBeInTheDocument();
    expect(screen.getByLabelText('Categories')).toHaveAttribute('aria-invalid', 'true');
  });

  it("offers the gender's categories as checkboxes and sends their ids", async () => {
    let sent: { category?: string[] } = {};
    server.use(
      http.get('*/api/categories/gender/:gender', () =>
        HttpResponse.json({ success: true, categories: [{ _id: 'c5', name: 'Tees', gender: 'unisex' }] }),
      ),
      http.post('*/api/brand/products', async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json(product({ _id: 'p9' }), { status: 201 });
      }),
      http.get('*/api/brand/products/p9', () => HttpResponse.json(product({ _id: 'p9' }))),
    );
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand/products/new');
    await user.type(await screen.findByLabelText('Name'), 'Tee');
    await user.type(screen.getByLabelText('Price (₹)'), '499');
    await user.click(await screen.findByRole('checkbox', { name: 'Tees' }));
    await user.click(screen.getByRole('checkbox', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.category).toEqual(['c5']));
  });

  it('opens the created product in the editor, read by its id', async () => {
    server.use(
      http.post('*/api/brand/products', () =>
        HttpResponse.json(product({ _id: 'p9', name: 'Tee' }), { status: 201 }),
      ),
      http.get('*/api/brand/products/p9', () => HttpResponse.json(product({ _id: 'p9', name: 'Tee' }))),
    );
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand/products/new');
    await user.type(await screen.findByLabelText('Name'), 'Tee');
    await user.type(screen.getByLabelText('Price (₹)'), '499');
    await user.type(screen.getByLabelText('Categories'), 'c5');
    await user.click(screen.getByRole('checkbox', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Edit product' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Tee');
    expect(screen.getByRole('region', { name: 'Stock by size' })).toBeInTheDocument();
  });

  it("says so when the product is not found (or is another brand's)", async () => {
    server.use(
      http.get('*/api/brand/products/p404', () => fail(404, 'NOT_FOUND', 'Product not found.')),
    );
    signInAs(1);
    renderApp('/brand/products/p404');
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
  });

  it('shows a stale edit and reloads the current version', async () => {
    server.use(
      http.get('*/api/brand/products/p1', () => HttpResponse.json(product())),
      http.patch('*/api/brand/products/p1', () =>
        fail(409, 'STALE_EDIT', 'Someone else changed it.', {
          current: product({ version: 4, name: 'Linen shirt II' }),
        }),
      ),
    );
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand/products/p1');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/now version 4/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload the current version' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Linen shirt II'));
  });

  it("shows the assigned coupon and sends the brand's choice", async () => {
    let sent: { assignedCoupon?: string | null } = {};
    const coupon = (id: string, code: string) =>
      ({ _id: id, coupon_code: code, title: `${code} off` }) as ConsoleCoupon;
    server.use(
      http.get('*/api/brand/products/p1', () => HttpResponse.json(product({ assignedCouponId: 'k1' }))),
      http.get('*/api/brand/coupons', () =>
        HttpResponse.json({ success: true, coupons: [coupon('k1', 'TEN'), coupon('k2', 'TWENTY')] }),
      ),
      http.patch('*/api/brand/products/p1', async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json(product({ version: 4, assignedCouponId: 'k2' }));
      }),
    );
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand/products/p1');
    const picker = await screen.findByLabelText('Assigned coupon');
    await screen.findByRole('option', { name: 'TEN · TEN off' });
    expect(picker).toHaveValue('k1');
    await user.selectOptions(picker, 'k2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.assignedCoupon).toBe('k2'));
  });

  it('saves the stock grid with PUT stock', async () => {
    let sent: unknown = null;
    server.use(
      http.get('*/api/brand/products/p1', () => HttpResponse.json(product())),
      http.put('*/api/brand/products/p1/stock', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(product({ version: 4, stock: { S: 4, M: 9 } }));
      }),
    );
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand/products/p1');
    const grid = await screen.findByRole('region', { name: 'Stock by size' });
    const m = within(grid).getByLabelText('Stock M');
    await user.clear(m);
    await user.type(m, 'x');
    expect(within(grid).getByText('Units are a whole number.')).toBeInTheDocument();
    await user.clear(m);
    await user.type(m, '9');
    await user.click(screen.getByRole('button', { name: 'Save stock' }));
    await waitFor(() => expect(sent).toEqual({ stock: { S: 4, M: 9 } }));
    expect(await screen.findByText('Stock saved.')).toBeInTheDocument();
  });

  it('uploads an image and previews it', async () => {
    server.use(
      http.get('*/api/brand/products/p1', () => HttpResponse.json(product())),
      http.post('*/api/brand/products/p1/images', () =>
        HttpResponse.json(
          { image: { _id: 'i1', url: '/media/i1-1080.webp', srcset: '/media/i1-320.webp 320w' } },
          { status: 201 },
        ),
      ),
    );
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand/products/p1');
    const input = await screen.findByLabelText('Upload image');
    await user.upload(input, new File(['x'], 'front.png', { type: 'image/png' }));
    const images = await screen.findByRole('list', { name: 'Product images' });
    expect(within(images).getByRole('img')).toHaveAttribute('src', '/media/i1-1080.webp');
  });
});

describe('Brand console: import', () => {
  it('shows the row-by-row report of an invalid import', async () => {
    server.use(
      http.post('*/api/brand/products/import', () =>
        fail(422, 'IMPORT_INVALID', 'Some rows are invalid.', {
          success: false,
          created: 0,
          updated: 0,
          failed: 1,
          errors: [{ row: 2, field: 'price', message: 'The price is above 0.' }],
        }),
      ),
    );
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand/import');
    await user.upload(await screen.findByLabelText('CSV file'), new File(['a'], 'p.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Nothing was imported')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Row errors' });
    expect(within(table).getByText('The price is above 0.')).toBeInTheDocument();
  });
});

describe('Brand console: coupons', () => {
  it('validates the form and shows a taken code at the field', async () => {
    const coupons: ConsoleCoupon[] = [];
    server.use(
      http.get('*/api/brand/coupons', () => HttpResponse.json({ success: true, coupons })),
      http.post('*/api/brand/coupons', () =>
        fail(409, 'COUPON_CODE_TAKEN', 'That code is already in use.'),
      ),
    );
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand/coupons');
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(screen.getByText('A code is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), 'SAVE10');
    await user.type(screen.getByLabelText('Title'), 'Ten off');
    await user.type(screen.getByLabelText('Discount (%)'), '150');
    expect(screen.getByText('At most 100 percent.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Discount (%)'));
    await user.type(screen.getByLabelText('Discount (%)'), '10');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('That code is already in use.', { selector: '[id$=message]' })).toBeInTheDocument();
  });
});

describe('Brand console: an admin', () => {
  it('picks a brand, and the calls name it', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('*/api/admin/brands', () =>
        HttpResponse.json({ success: true, brands: [{ _id: 'b7', name: 'Urban Loom' }] }),
      ),
      http.get('*/api/brand/products', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('brandId'));
        return HttpResponse.json({ success: true, products: [], total: 0, page: 1, limit: 20 });
      }),
    );
    const user = userEvent.setup();
    signInAs(2);
    renderApp('/brand/products');
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Brand' }), 'Urban Loom');
    await waitFor(() => expect(asked.at(-1)).toBe('b7'));
    expect(asked[0]).toBeNull();
  });
});
