import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { BRAND_PAGE_SIZE_ALL, BRAND_PAGE_SIZE_GENDER } from '@/config/app';
import { getAllCategories, getBrands } from '@/api/catalogue';
import type { Gender } from '@/api/catalogue-types';

export interface BrandFilter {
  /** Null is ALL. */
  gender: Gender | null;
  /** Name-contains text, already trimmed; empty keeps every brand. */
  search: string;
}

/** 000 §9, 001 §9: 12 brands a page for a gender filter, 50 for ALL. */
export const brandPageSize = (gender: Gender | null) =>
  gender ? BRAND_PAGE_SIZE_GENDER : BRAND_PAGE_SIZE_ALL;

export const collectionKeys = {
  all: ['collection'] as const,
  brands: (filter: BrandFilter) => [...collectionKeys.all, 'brands', filter] as const,
  categories: () => [...collectionKeys.all, 'categories'] as const,
};

export const collectionQueries = {
  /**
   * Brands page by page. A new gender or search text is a new key, so it starts again from
   * page 1; more pages exist only when the last one came back full (000 §4).
   */
  brands: (filter: BrandFilter) =>
    infiniteQueryOptions({
      queryKey: collectionKeys.brands(filter),
      queryFn: ({ pageParam, signal }) =>
        getBrands(
          {
            gender: filter.gender ?? undefined,
            search: filter.search || undefined,
            page: pageParam,
            limit: brandPageSize(filter.gender),
          },
          signal,
        ),
      initialPageParam: 1,
      getNextPageParam: (lastPage, allPages) =>
        lastPage.length === brandPageSize(filter.gender) ? allPages.length + 1 : undefined,
      // The grid keeps the last brands on screen while the next filter loads.
      placeholderData: keepPreviousData,
    }),
  /** Every category; the rail and the category mode split them by parentCategory (001 §7). */
  categories: () =>
    queryOptions({
      queryKey: collectionKeys.categories(),
      queryFn: ({ signal }) => getAllCategories(signal),
    }),
};
