import { http, HttpResponse } from 'msw';
import type { CuratedListEntry } from '@/api/curated-list';
import { brandName, type Product } from '@/lib/product';
import { decimal, productFixtures } from './fixtures';

// The curated-list calls (docs/http-api.md, "Curated list") as the API answers them.

const ADDED_AT = '2026-11-20T10:00:00Z';

/** A product as the list answers it: category names, the brand as {_id, name}. */
export function curatedEntry(product: Product, addedAt = ADDED_AT): CuratedListEntry {
  const categories = Array.isArray(product.category) ? product.category : [];
  const brand = product.brand;
  return {
    _id: product._id,
    name: product.name,
    price: decimal(product.price),
    offerPercentage: product.offerPercentage ?? 0,
    images: product.images ?? [],
    sizes: product.sizes ?? [],
    brand:
      typeof brand === 'object' && brand !== null
        ? { _id: brand._id, name: brand.name }
        : { _id: `brand-${product._id}`, name: brandName(product) },
    category: categories.map((category) => category.name),
    tags: product.tags ?? [],
    addedAt,
  };
}

const productNotFound = () =>
  HttpResponse.json({ error: 'Product not found.', code: 'PRODUCT_NOT_FOUND' }, { status: 404 });
const notInList = () =>
  HttpResponse.json(
    { error: 'That product is not in your curated list.', code: 'NOT_FOUND' },
    { status: 404 },
  );

const findProduct = (id: unknown) => productFixtures.find((product) => product._id === id);

async function requestedProductId(request: Request): Promise<unknown> {
  const body = (await request.json()) as { productId?: unknown } | null;
  return body?.productId;
}

/**
 * A signed-in shopper's list that the calls change, for one test: `server.use(...list.handlers)`.
 * `entries()` is the list as the server now holds it.
 */
export function curatedListState(initial: CuratedListEntry[] = []) {
  let entries = [...initial];
  const handlers = [
    http.get('*/api/curated-list', () => HttpResponse.json(entries)),
    http.post('*/api/curated-list', async ({ request }) => {
      const productId = await requestedProductId(request);
      const existing = entries.find((entry) => entry._id === productId);
      if (existing) return HttpResponse.json(existing);
      const product = findProduct(productId);
      if (!product) return productNotFound();
      const entry = curatedEntry(product, new Date().toISOString());
      entries = [entry, ...entries];
      return HttpResponse.json(entry, { status: 201 });
    }),
    http.delete('*/api/curated-list/:productId', ({ params }) => {
      if (!entries.some((entry) => entry._id === params.productId)) return notInList();
      entries = entries.filter((entry) => entry._id !== params.productId);
      return HttpResponse.json({ success: true });
    }),
  ];
  return { handlers, entries: () => entries };
}

/**
 * The defaults every test gets: an empty list that does not remember changes (a test that needs
 * that uses `curatedListState`), so no test leaks entries into the next.
 */
export const curatedListHandlers = [
  http.get('*/api/curated-list', () => HttpResponse.json([])),
  http.post('*/api/curated-list', async ({ request }) => {
    const product = findProduct(await requestedProductId(request));
    return product ? HttpResponse.json(curatedEntry(product), { status: 201 }) : productNotFound();
  }),
  http.delete('*/api/curated-list/:productId', notInList),
];
