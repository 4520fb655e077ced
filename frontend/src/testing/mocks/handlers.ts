import { http, HttpResponse } from 'msw';
import type { Category } from '@/api/catalogue-types';
import type { Product } from '@/lib/product';
import { brandFixtures, categoryFixtures, productFixtures, staticImageFixtures } from './fixtures';

const failure = (status: number, code: string, error: string) =>
  HttpResponse.json({ error, code }, { status });
const notFound = (error: string) => failure(404, 'NOT_FOUND', error);

/** The API's gender filter: any letter case, `all` or empty means none (docs/http-api.md). */
function matchesGender(gender: string | undefined, filter: string | null): boolean {
  const wanted = filter?.toLowerCase() ?? '';
  return wanted === '' || wanted === 'all' || gender === wanted;
}

/** `page` from 1 and `limit` (default 50) over a list, as every paged call does. */
function paged<T>(items: T[], params: URLSearchParams): T[] {
  const limit = Number(params.get('limit') ?? 50);
  const page = Number(params.get('page') ?? 1);
  return items.slice((page - 1) * limit, page * limit);
}

function categoryIds(product: Product): { _id: string; name: string }[] {
  const { category } = product;
  if (Array.isArray(category)) return category;
  return category && typeof category === 'object' ? [category] : [];
}

const byId = <T extends { _id: string }>(items: T[], id: unknown) =>
  items.find((item) => item._id === id);

const topLevelFirst = (categories: Category[]) => [
  ...categories.filter((category) => !category.parentCategory),
  ...categories.filter((category) => category.parentCategory),
];

// Default answers of the API for component tests; a test overrides with server.use(...).
export const handlers = [
  http.get('*/api/products', ({ request }) => {
    const limit = Number(new URL(request.url).searchParams.get('limit') ?? productFixtures.length);
    return HttpResponse.json(productFixtures.slice(0, limit));
  }),
  http.get('*/api/products/id/:id', ({ params }) => {
    const product = byId(productFixtures, params.id);
    return product ? HttpResponse.json(product) : notFound('Product not found.');
  }),
  http.get('*/api/products/brand/:brandId', ({ params, request }) => {
    if (!byId(brandFixtures, params.brandId)) return notFound('Brand not found');
    const query = new URL(request.url).searchParams;
    const products = productFixtures.filter(
      (product) =>
        typeof product.brand === 'object' &&
        product.brand?._id === params.brandId &&
        matchesGender(product.gender, query.get('gender')),
    );
    return HttpResponse.json(paged(products, query));
  }),
  http.get('*/api/products/category', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const wanted = query.get('category');
    if (!wanted) return failure(400, 'MISSING_QUERY', 'category is required');
    const known = categoryFixtures.some((c) => c._id === wanted || c.name === wanted);
    if (!known) return notFound('Category not found');
    const products = productFixtures.filter((product) =>
      categoryIds(product).some((c) => c._id === wanted || c.name === wanted),
    );
    return HttpResponse.json(paged(products, query));
  }),
  http.get('*/api/brands', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const search = query.get('search')?.toLowerCase() ?? '';
    const brands = brandFixtures
      .filter((brand) => matchesGender(brand.gender, query.get('gender')))
      .filter((brand) => brand.name.toLowerCase().includes(search));
    return HttpResponse.json(paged(brands, query));
  }),
  http.get('*/api/brands/:id', ({ params }) => {
    const brand = byId(brandFixtures, params.id);
    return brand ? HttpResponse.json(brand) : notFound('Brand not found');
  }),
  http.get('*/api/categories/gender/:gender', ({ params }) =>
    HttpResponse.json(topLevelFirst(categoryFixtures.filter((c) => c.gender === params.gender))),
  ),
  http.get('*/api/categories/admin/all', () => HttpResponse.json(categoryFixtures)),
  http.get('*/api/admin/static-images/category/:category', ({ params }) =>
    HttpResponse.json({
      success: true,
      images: staticImageFixtures.filter((image) => image.category === params.category),
    }),
  ),
  http.get('*/api/images/static', ({ request }) => {
    const category = new URL(request.url).searchParams.get('category');
    return HttpResponse.json({
      success: true,
      images: staticImageFixtures.filter((image) => !category || image.category === category),
    });
  }),
  // Product art: any image request answers a tiny SVG.
  http.get('*/api/media/*', () =>
    new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="5"/>', {
      headers: { 'Content-Type': 'image/svg+xml' },
    }),
  ),
];
