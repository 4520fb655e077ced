import { queryOptions } from '@tanstack/react-query';
import { HOME_CATEGORIES_LIMIT, HOME_TRENDING_LIMIT } from '@/config/app';
import {
  getBrands,
  getCategoriesByGender,
  getProducts,
  getStaticImagesByCategory,
} from '@/lib/catalogue-api';
import type { Gender } from '@/lib/catalogue-types';

/** The hero shows three banners (000 §2.5). */
const HERO_BANNERS = 3;

export const homeKeys = {
  all: ['home'] as const,
  hero: () => [...homeKeys.all, 'hero'] as const,
  categories: (gender: Gender) => [...homeKeys.all, 'categories', gender] as const,
  trending: (gender: Gender) => [...homeKeys.all, 'trending', gender] as const,
  brands: () => [...homeKeys.all, 'brands'] as const,
};

export const homeQueries = {
  /** The active 'hero' static images for a phone. */
  hero: () =>
    queryOptions({
      queryKey: homeKeys.hero(),
      queryFn: async ({ signal }) =>
        (await getStaticImagesByCategory('hero', { device: 'mobile' }, signal)).slice(
          0,
          HERO_BANNERS,
        ),
    }),
  /** The first 4 categories of a gender; the API lists the top-level ones first. */
  categories: (gender: Gender) =>
    queryOptions({
      queryKey: homeKeys.categories(gender),
      queryFn: async ({ signal }) =>
        (await getCategoriesByGender(gender, signal)).slice(0, HOME_CATEGORIES_LIMIT),
    }),
  /**
   * The Trending Products row. Until the trending call exists it lists the gender's newest
   * products (the API's default order).
   */
  trending: (gender: Gender) =>
    queryOptions({
      queryKey: homeKeys.trending(gender),
      queryFn: ({ signal }) => getProducts({ limit: HOME_TRENDING_LIMIT, gender }, signal),
    }),
  /** 000 §7: home asks without parameters and keeps the active brands. */
  brands: () =>
    queryOptions({
      queryKey: homeKeys.brands(),
      queryFn: async ({ signal }) =>
        (await getBrands({}, signal)).filter((brand) => brand.is_active !== false),
    }),
};
