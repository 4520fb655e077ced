import { queryOptions } from '@tanstack/react-query';
import { HOME_CATEGORIES_LIMIT, HOME_TRENDING_LIMIT, HOME_TRENDING_WINDOW } from '@/config/app';
import { getBrands, getCategoriesByGender } from '@/api/catalogue';
import type { Gender } from '@/api/catalogue-types';
import { getTrendingProducts, type TrendGender } from '@/api/trending';
import { getHeroBanners } from './hero-banners';

/** 000 §7: home asks for trending with M for men and W otherwise, so UNISEX shows women's. */
export const homeTrendGender = (gender: Gender): TrendGender => (gender === 'male' ? 'M' : 'W');

export const homeKeys = {
  all: ['home'] as const,
  hero: () => [...homeKeys.all, 'hero'] as const,
  categories: (gender: Gender) => [...homeKeys.all, 'categories', gender] as const,
  /** Every trending row, refreshed together on 'trendingUpdated'. */
  trendingRows: () => [...homeKeys.all, 'trending'] as const,
  /** Keyed by what is asked for: WOMEN and UNISEX share one list. */
  trending: (gender: Gender) => [...homeKeys.trendingRows(), homeTrendGender(gender)] as const,
  brands: () => [...homeKeys.all, 'brands'] as const,
};

export const homeQueries = {
  /**
   * The hero banners the admin's library shows now for a phone, highest priority first: the
   * three built-in ones until an admin publishes, deactivates or reorders (by priority) banners.
   */
  hero: () =>
    queryOptions({
      queryKey: homeKeys.hero(),
      queryFn: ({ signal }) => getHeroBanners(signal),
    }),
  /** The first 4 categories of a gender; the API lists the top-level ones first. */
  categories: (gender: Gender) =>
    queryOptions({
      queryKey: homeKeys.categories(gender),
      queryFn: async ({ signal }) =>
        (await getCategoriesByGender(gender, signal)).slice(0, HOME_CATEGORIES_LIMIT),
    }),
  /** The Trending Products row: the week's 8 most-liked products (000 §7). */
  trending: (gender: Gender) =>
    queryOptions({
      queryKey: homeKeys.trending(gender),
      queryFn: ({ signal }) =>
        getTrendingProducts(
          {
            timeWindow: HOME_TRENDING_WINDOW,
            limit: HOME_TRENDING_LIMIT,
            gender: homeTrendGender(gender),
          },
          signal,
        ),
      // The API asks browsers to ask again each time, so shoppers see their own swipes counted.
      staleTime: 0,
    }),
  /** 000 §7: home asks without parameters and keeps the active brands. */
  brands: () =>
    queryOptions({
      queryKey: homeKeys.brands(),
      queryFn: async ({ signal }) =>
        (await getBrands({}, signal)).filter((brand) => brand.is_active !== false),
    }),
};
