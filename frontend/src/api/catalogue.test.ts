import { describe, expect, it } from 'vitest';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from '@/testing/mocks/server';
import { navyTee, plainShirt } from '@/testing/mocks/fixtures';
import { ApiError } from './client';
import {
  getBrand,
  getBrands,
  getPopularSearches,
  getProduct,
  getProducts,
  getProductsByBrand,
  getProductsByCategory,
  getProductsByTag,
  getStaticImage,
  getStaticImages,
  getStaticImagesByCategory,
  getSuggestions,
  readProductList,
  searchProducts,
} from './catalogue';
import { UNEXPECTED_RESPONSE_MESSAGE } from './guards';
import type { StaticImage } from './catalogue-types';

/** Answers `body` at `path` and records the URL each request used. */
function answer(path: string, body: JsonBodyType) {
  const urls: URL[] = [];
  server.use(
    http.get(`*/api${path}`, ({ request }) => {
      urls.push(new URL(request.url));
      return HttpResponse.json(body);
    }),
  );
  return urls;
}

const hero: StaticImage = {
  _id: 'img1',
  title: 'Flash Sale',
  category: 'hero',
  device: 'all',
  url: '/api/media/banner/flash-sale.svg',
  isActive: true,
  tags: [],
  srcset: null,
  campaign: null,
  displayPeriod: { startDate: null, endDate: null },
  priority: 0,
  version: 1,
};

describe('product list shapes (000 §7)', () => {
  it('reads a bare array', async () => {
    answer('/products', [navyTee, plainShirt]);
    await expect(getProducts()).resolves.toEqual([navyTee, plainShirt]);
  });

  it('reads {products: [...]}', async () => {
    answer('/products/brand/:id', { products: [navyTee] });
    await expect(getProductsByBrand('b1')).resolves.toEqual([navyTee]);
  });

  it.each([
    ['an object without products', { items: [navyTee] }],
    ['products that are not a list', { products: 'none' }],
    ['null', null],
    ['text', 'ok'],
  ])('throws the unexpected-response error for %s', async (_, body) => {
    answer('/products', body);
    const error = await getProducts().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      code: 'UNEXPECTED_RESPONSE',
      error: UNEXPECTED_RESPONSE_MESSAGE,
    });
  });

  it('drops entries without an id', () => {
    expect(readProductList([navyTee, null, { name: 'no id' }, 7])).toEqual([navyTee]);
  });
});

describe('product list query strings', () => {
  it('joins exclude with commas and leaves out what is not given', async () => {
    const urls = answer('/products', []);
    await getProducts({
      gender: 'female',
      limit: 20,
      page: 2,
      exclude: ['p1', 'p2', 'p3'],
      sort: 'price-low',
      minPrice: undefined,
      offer: undefined,
    });
    expect(urls[0]?.search).toBe(
      '?gender=female&limit=20&page=2&sort=price-low&exclude=p1%2Cp2%2Cp3',
    );
  });

  it('sends no parameters by default, and no exclude when it is empty', async () => {
    const urls = answer('/products', []);
    await getProducts();
    await getProducts({ exclude: [] });
    expect(urls.map((url) => url.search)).toEqual(['', '']);
  });

  it("sends discount 'any', offers and price bounds", async () => {
    const urls = answer('/products', []);
    await getProducts({ discount: 'any', offer: 'under899', maxPrice: 2999 });
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      discount: 'any',
      offer: 'under899',
      maxPrice: '2999',
    });
  });

  it('sends a category name decoded and a tag, with the list parameters', async () => {
    const categoryUrls = answer('/products/category', []);
    const tagUrls = answer('/products/tag', []);
    await getProductsByCategory('Cargos & Parachutes', { gender: 'male' });
    await getProductsByTag('new-arrival', { limit: 8 });
    expect(categoryUrls[0]?.searchParams.get('category')).toBe('Cargos & Parachutes');
    expect(categoryUrls[0]?.searchParams.get('gender')).toBe('male');
    expect(Object.fromEntries(tagUrls[0]!.searchParams)).toEqual({
      tag: 'new-arrival',
      limit: '8',
    });
  });

  it('encodes ids in paths', async () => {
    const urls = answer('/products/brand/:id', []);
    await getProductsByBrand('a/b?c');
    expect(urls[0]?.pathname).toBe('/api/products/brand/a%2Fb%3Fc');
  });
});

describe('single products and search', () => {
  it('reads one product, bare or wrapped', async () => {
    answer('/products/id/:id', navyTee);
    await expect(getProduct(navyTee._id)).resolves.toEqual(navyTee);
    answer('/products/id/:id', { product: plainShirt });
    await expect(getProduct(plainShirt._id)).resolves.toEqual(plainShirt);
  });

  it('passes on the not-found error', async () => {
    const notFound = { error: 'Product not found.', code: 'PRODUCT_NOT_FOUND' };
    server.use(
      http.get('*/api/products/id/:id', () => HttpResponse.json(notFound, { status: 404 })),
    );
    await expect(getProduct('x')).rejects.toMatchObject({ status: 404, ...notFound });
  });

  it('posts the search body without empty fields', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/products/search', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json([navyTee]);
      }),
    );
    await expect(searchProducts({ query: 'black cargo', limit: 20 })).resolves.toEqual([navyTee]);
    expect(body).toEqual({ query: 'black cargo', limit: 20 });
  });

  it('asks for suggestions and popular searches', async () => {
    const urls = answer('/products/suggestions', [navyTee]);
    answer('/products/popular-searches', ['Jeans', 'Hoodies', 3]);
    await expect(getSuggestions('hoddie', { limit: 5 })).resolves.toEqual([navyTee]);
    expect(urls[0]?.search).toBe('?q=hoddie&limit=5');
    await expect(getPopularSearches()).resolves.toEqual(['Jeans', 'Hoodies']);
  });
});

describe('brands and static images', () => {
  it('lists brands with their filters and reads one brand', async () => {
    const brand = { _id: 'b1', name: 'Urban Dhaaga', logo_url: null };
    const urls = answer('/brands', [brand]);
    answer('/brands/:id', brand);
    const brands = await getBrands({ gender: 'all', page: 1, limit: 12, search: 'urban' });
    expect(brands).toEqual([brand]);
    expect(urls[0]?.search).toBe('?gender=all&page=1&limit=12&search=urban');
    await expect(getBrand('b1')).resolves.toEqual(brand);
  });

  it('asks for active images and leaves out device all', async () => {
    const urls = answer('/admin/static-images/category/:category', { images: [hero] });
    await expect(getStaticImagesByCategory('hero', { device: 'mobile' })).resolves.toEqual([hero]);
    await getStaticImagesByCategory('hero', { device: 'all' });
    expect(urls.map((url) => url.search)).toEqual([
      '?isActive=true&device=mobile',
      '?isActive=true',
    ]);
  });

  it('filters the image list and unwraps one image', async () => {
    const urls = answer('/admin/static-images', { success: true, images: [hero] });
    answer('/admin/static-images/:id', { success: true, image: hero });
    const images = await getStaticImages({ category: 'trends', search: 'sale' });
    expect(images).toEqual([hero]);
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      category: 'trends',
      search: 'sale',
      isActive: 'true',
    });
    await expect(getStaticImage('img1')).resolves.toEqual(hero);
  });

  it('throws the unexpected-response error for an image answer without the image', async () => {
    answer('/admin/static-images/:id', { success: true });
    await expect(getStaticImage('img1')).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });
});
