import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { PRODUCT_LIST_PAGE_SIZE } from '@/config/app';
import {
  getProduct,
  getProducts,
  getProductsByBrand,
  getProductsByCategory,
  type ProductListParams,
} from '@/api/catalogue';
import type { Gender } from '@/api/catalogue-types';
import { type Product, uniquePages } from '@/lib/product';

/** What a product list shows (001 'Product list for a category or brand'). */
export type ProductListSource =
  | { kind: 'category'; categoryId: string }
  | { kind: 'brand'; brandId: string; gender: Gender | null }
  | { kind: 'all'; gender: Gender | null };

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  /** A list read in pages of `pageSize`: pages of another size are another list. */
  list: (source: ProductListSource, pageSize: number) =>
    [...productKeys.lists(), source, { pageSize }] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
};

function fetchListPage(source: ProductListSource, page: ProductListParams, signal: AbortSignal) {
  switch (source.kind) {
    case 'category':
      return getProductsByCategory(source.categoryId, page, signal);
    case 'brand':
      return getProductsByBrand(
        source.brandId,
        { ...page, gender: source.gender ?? undefined },
        signal,
      );
    case 'all':
      // 001 §7: without a brand, GET /products?page&limit&gender.
      return getProducts({ ...page, gender: source.gender ?? undefined }, signal);
  }
}

export const productQueries = {
  /**
   * A category's, a brand's or a gender's products, page by page ('Load More Products'). There
   * is a next page only when the last one came back full (docs/http-api.md, "Lists").
   */
  list: (source: ProductListSource) =>
    infiniteQueryOptions({
      queryKey: productKeys.list(source, PRODUCT_LIST_PAGE_SIZE),
      queryFn: ({ pageParam, signal }) =>
        fetchListPage(source, { page: pageParam, limit: PRODUCT_LIST_PAGE_SIZE }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage: Product[], _pages, lastPageParam: number) =>
        lastPage.length < PRODUCT_LIST_PAGE_SIZE ? undefined : lastPageParam + 1,
      select: (data) => uniquePages(data.pages),
    }),
  /** One product; a 404 is 'Product not found.'. */
  detail: (id: string) =>
    queryOptions({
      queryKey: productKeys.detail(id),
      queryFn: ({ signal }) => getProduct(id, signal),
    }),
};
