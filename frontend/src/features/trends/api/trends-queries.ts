import { queryOptions } from '@tanstack/react-query';
import { TRENDS_LIMIT } from '@/config/app';
import { getStaticImagesByCategory } from '@/api/catalogue';
import { getTrendingProducts, type TimeWindow, type TrendGender } from '@/api/trending';

export const trendsKeys = {
  all: ['trends'] as const,
  /** Every trending list of the screen, refreshed together on 'trendingUpdated'. */
  lists: () => [...trendsKeys.all, 'list'] as const,
  list: (gender: TrendGender, timeWindow: TimeWindow) =>
    [...trendsKeys.lists(), gender, timeWindow] as const,
  banners: () => [...trendsKeys.all, 'banners'] as const,
};

export const trendsQueries = {
  /** The 20 most-liked products of a gender in a window (000 §7, §9). */
  list: (gender: TrendGender, timeWindow: TimeWindow) =>
    queryOptions({
      queryKey: trendsKeys.list(gender, timeWindow),
      queryFn: ({ signal }) =>
        getTrendingProducts({ timeWindow, limit: TRENDS_LIMIT, gender }, signal),
      // The API asks browsers to ask again each time, so shoppers see their own swipes counted.
      staleTime: 0,
    }),
  /** The pictures of the banner's cards: the active static images of category 'trends'. */
  banners: () =>
    queryOptions({
      queryKey: trendsKeys.banners(),
      queryFn: ({ signal }) => getStaticImagesByCategory('trends', { device: 'mobile' }, signal),
    }),
};
