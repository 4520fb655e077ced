import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { OFFERS_PAGE_SIZE } from '@/config/app';
import { getProducts, type OfferKind, type ProductListParams, type ProductSort } from '@/api/catalogue';
import type { Gender } from '@/api/catalogue-types';
import { type Product, uniquePages } from '@/lib/product';

export interface OfferListParams {
  offer: OfferKind | undefined;
  gender: Gender | undefined;
  sort: ProductSort;
}

export const offerKeys = {
  all: ['offers'] as const,
  offer: (params: OfferListParams) => [...offerKeys.all, 'offer', params] as const,
  deals: (params: ProductListParams) => [...offerKeys.all, 'deals', params] as const,
  special: (params: ProductListParams) => [...offerKeys.all, 'special', params] as const,
};

export const offerQueries = {
  /**
   * Offer products page by page (000 §2.9 'Load More Products'): the next page is asked for
   * only while pages come back full (docs/http-api.md, "Lists").
   */
  offer: (params: OfferListParams) =>
    infiniteQueryOptions({
      queryKey: offerKeys.offer(params),
      queryFn: ({ pageParam, signal }) =>
        getProducts({ ...params, limit: OFFERS_PAGE_SIZE, page: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage: Product[], _pages, lastPageParam: number) =>
        lastPage.length < OFFERS_PAGE_SIZE ? undefined : lastPageParam + 1,
      select: (data) => uniquePages(data.pages),
    }),
  /** Hot Deals (000 §2.10): `discount` is a percentage or 'any'. */
  deals: (params: ProductListParams) =>
    queryOptions({
      queryKey: offerKeys.deals(params),
      queryFn: ({ signal }) => getProducts(params, signal),
    }),
  /** Special Offers (000 §2.8): one price bound at most. */
  special: (params: ProductListParams) =>
    queryOptions({
      queryKey: offerKeys.special(params),
      queryFn: ({ signal }) => getProducts(params, signal),
    }),
};

/** A new sort keeps the current cards on screen until the re-sorted ones arrive. */
export function useOfferProducts(params: OfferListParams) {
  return useInfiniteQuery({ ...offerQueries.offer(params), placeholderData: keepPreviousData });
}

export function useDeals(params: ProductListParams) {
  return useQuery(offerQueries.deals(params));
}

export function useSpecialOffers(params: ProductListParams) {
  return useQuery(offerQueries.special(params));
}
