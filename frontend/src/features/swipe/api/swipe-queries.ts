import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { SWIPE_FILTER_BRANDS_LIMIT } from '@/config/app';
import { getAllCategories, getBrands } from '@/api/catalogue';
import { uniquePages, type Product } from '@/lib/product';
import { FEED_BATCH_SIZE } from '@/lib/swipe';
import { topLevelCategoryChoices } from '../utils/filter-choices';
import { getFeed, getFeedFilterChoices, type FeedFilters } from './swipe-api';

export const swipeKeys = {
  all: ['swipe'] as const,
  feeds: () => [...swipeKeys.all, 'feed'] as const,
  /**
   * One stack: a shopper's (the feed is personal; '' for a visitor), under some filters, from
   * one fresh start (`round`) of the stack.
   */
  feed: (userId: string, filters: FeedFilters, round: number) =>
    [...swipeKeys.feeds(), userId, filters, round] as const,
  swipes: () => [...swipeKeys.all, 'swipe'] as const,
  undo: () => [...swipeKeys.all, 'undo'] as const,
  filterChoices: () => [...swipeKeys.all, 'filter-choices'] as const,
  brands: () => [...swipeKeys.all, 'brands'] as const,
  categories: () => [...swipeKeys.all, 'categories'] as const,
};

export interface FeedStack {
  userId: string;
  filters: FeedFilters;
  round: number;
  /** What the client held or had swiped when this stack started. */
  excludeAtStart: readonly string[];
}

export const swipeQueries = {
  /**
   * The stack's cards, batch by batch. Each batch leaves out everything the client holds or
   * has swiped: what it excluded at the start plus every card of the batches before. Only an
   * empty batch ends the feed: a short one may just be the brand cap (no brand fills more than
   * half a batch). Never stale: refetching would reshuffle the stack under the shopper's finger;
   * Start Over and Apply start a new round instead.
   */
  feed: ({ userId, filters, round, excludeAtStart }: FeedStack) =>
    infiniteQueryOptions({
      queryKey: swipeKeys.feed(userId, filters, round),
      queryFn: ({ pageParam, signal }) =>
        getFeed({ limit: FEED_BATCH_SIZE, exclude: pageParam, filters }, signal),
      initialPageParam: excludeAtStart,
      getNextPageParam: (lastPage: Product[], _pages, lastExclude: readonly string[]) =>
        lastPage.length === 0 ? undefined : [...lastExclude, ...lastPage.map((p) => p._id)],
      select: (data) => uniquePages(data.pages),
      staleTime: Infinity,
    }),
  filterChoices: () =>
    queryOptions({
      queryKey: swipeKeys.filterChoices(),
      queryFn: ({ signal }) => getFeedFilterChoices(signal),
    }),
  /** 001 §9: the filter sheet asks for 100 brands. */
  brands: () =>
    queryOptions({
      queryKey: swipeKeys.brands(),
      queryFn: ({ signal }) => getBrands({ limit: SWIPE_FILTER_BRANDS_LIMIT }, signal),
    }),
  /** 001 §7: only the top-level categories are used. */
  categories: () =>
    queryOptions({
      queryKey: swipeKeys.categories(),
      queryFn: async ({ signal }) => topLevelCategoryChoices(await getAllCategories(signal)),
    }),
};
