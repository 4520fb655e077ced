import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TRENDING_AUTO_SCROLL_MS } from '@/config/app';
import { paths } from '@/config/paths';
import { onTrendingUpdated } from '@/api/trending';
import { ProductCard, ProductCardSkeleton } from '@/components/product/product-card';
import { Carousel } from '@/components/ui/carousel';
import { TrendingIcon } from '@/components/ui/icons';
import { SectionHeader } from '@/components/ui/section-header';
import { homeKeys, homeQueries } from '../api/home-queries';
import { DEFAULT_HOME_GENDER, type HomeGender } from '../utils/genders';
import { homeTrendingBadge } from '../utils/trending-badge';
import home from './home.module.css';

const SKELETON_CARDS = 4;
export const NO_TRENDING_TEXT = 'No trending products found.';

/**
 * Home's 'Trending Products' row (000 §2.5): the week's most-liked products with their HOT /
 * RISING / LIKED / NEW badge (§4), auto-scrolling every 4 s; fetch failures degrade to the
 * empty text (§8). A 'trendingUpdated' event (a swipe) refetches it (§4).
 */
export function TrendingProducts({ gender = DEFAULT_HOME_GENDER }: { gender?: HomeGender }) {
  const queryClient = useQueryClient();
  const { data: entries, isPending, isError } = useQuery(homeQueries.trending(gender.gender));
  const hasProducts = !isPending && !isError && entries.length > 0;

  useEffect(
    () =>
      onTrendingUpdated(() => {
        void queryClient.invalidateQueries({ queryKey: homeKeys.trendingRows() });
      }),
    [queryClient],
  );

  return (
    <section className={home.section} aria-labelledby="trending-title">
      <SectionHeader
        id="trending-title"
        title="Trending Products"
        icon={<TrendingIcon size={18} />}
        link={{ label: 'Show More', to: paths.trends.getHref() }}
      />

      {isPending ? (
        <Carousel label="Loading trending products" busy>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </Carousel>
      ) : hasProducts ? (
        <Carousel label="Trending products" intervalMs={TRENDING_AUTO_SCROLL_MS}>
          {entries.map((entry) => (
            <ProductCard
              key={entry._id}
              product={entry.product}
              badge={homeTrendingBadge(entry.engagementScore)}
            />
          ))}
        </Carousel>
      ) : (
        <p className={home.empty}>{NO_TRENDING_TEXT}</p>
      )}
    </section>
  );
}
