import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ALL_BRANDS_LIMIT } from '@/config/app';
import { getBrand, getBrands, getProductsByBrand, type ProductSort } from '@/api/catalogue';
import type { Gender } from '@/api/catalogue-types';

/**
 * The brand page has no paging (000 §2.13), so it asks for the API's largest page: the whole
 * range of the biggest brand, next to the product count in its header.
 */
export const BRAND_PRODUCTS_LIMIT = 200;

export interface BrandProductsFilter {
  sort: ProductSort;
  /** Null is every gender. */
  gender: Gender | null;
}

export const brandKeys = {
  all: ['brands'] as const,
  list: () => [...brandKeys.all, 'list'] as const,
  detail: (brandId: string) => [...brandKeys.all, 'detail', brandId] as const,
  products: (brandId: string, filter: BrandProductsFilter) =>
    [...brandKeys.detail(brandId), 'products', filter] as const,
};

export const brandQueries = {
  /** All Brands: GET /brands?limit=100, the active ones (000 §7). */
  list: () =>
    queryOptions({
      queryKey: brandKeys.list(),
      queryFn: async ({ signal }) =>
        (await getBrands({ limit: ALL_BRANDS_LIMIT }, signal)).filter(
          (brand) => brand.is_active !== false,
        ),
    }),
  /** One brand; a 404 is 'Brand not found'. */
  detail: (brandId: string) =>
    queryOptions({
      queryKey: brandKeys.detail(brandId),
      queryFn: ({ signal }) => getBrand(brandId, signal),
    }),
  /** The brand's products, sorted on the server (001 §9: newest, price-low, price-high, name). */
  products: (brandId: string, filter: BrandProductsFilter) =>
    queryOptions({
      queryKey: brandKeys.products(brandId, filter),
      queryFn: ({ signal }) =>
        getProductsByBrand(
          brandId,
          { sort: filter.sort, gender: filter.gender ?? undefined, limit: BRAND_PRODUCTS_LIMIT },
          signal,
        ),
      // A new sort or gender keeps the grid on screen until its products arrive.
      placeholderData: keepPreviousData,
    }),
};
