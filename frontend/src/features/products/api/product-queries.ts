import { queryOptions } from '@tanstack/react-query';
import { PRODUCT_LIST_LIMIT } from '@/config/app';
import {
  getProduct,
  getProducts,
  getProductsByBrand,
  getProductsByCategory,
} from '@/lib/catalogue-api';
import type { Gender } from '@/lib/catalogue-types';

/** What a product list shows (001 'Product list for a category or brand'). */
export type ProductListSource =
  | { kind: 'category'; categoryId: string }
  | { kind: 'brand'; brandId: string; gender: Gender | null }
  | { kind: 'all'; gender: Gender | null };

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (source: ProductListSource) => [...productKeys.lists(), source] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
};

function fetchList(source: ProductListSource, signal: AbortSignal) {
  switch (source.kind) {
    case 'category':
      return getProductsByCategory(source.categoryId, {}, signal);
    case 'brand':
      return getProductsByBrand(source.brandId, { gender: source.gender ?? undefined }, signal);
    case 'all':
      // 001 §7: without a brand, GET /products?gender=&limit=50.
      return getProducts({ gender: source.gender ?? undefined, limit: PRODUCT_LIST_LIMIT }, signal);
  }
}

export const productQueries = {
  list: (source: ProductListSource) =>
    queryOptions({
      queryKey: productKeys.list(source),
      queryFn: ({ signal }) => fetchList(source, signal),
    }),
  /** One product; a 404 is 'Product not found.'. */
  detail: (id: string) =>
    queryOptions({
      queryKey: productKeys.detail(id),
      queryFn: ({ signal }) => getProduct(id, signal),
    }),
};
