import { useQuery } from '@tanstack/react-query';
import { TRENDING_AUTO_SCROLL_MS } from '@/config/app';
import { paths } from '@/config/paths';
import { ProductCard, ProductCardSkeleton } from '@/components/product/product-card';
import { Carousel } from '@/components/ui/carousel';
import { TrendingIcon } from '@/components/ui/icons';
import { SectionHeader } from '@/components/ui/section-header';
import { homeQueries } from '../api/home-queries';
import { DEFAULT_HOME_GENDER, type HomeGender } from '../utils/genders';
import { homeTrendingBadge } from '../utils/trending-badge';
import home from './home.module.css';

const SKELETON_CARDS = 4;
export const NO_TRENDING_TEXT = 'No trending products found.';

/**
 * Home's 'Trending Products' row (000 §2.5), auto-scrolling every 4 s; fetch failures degrade
 * to the empty text (§8). The products have no engagementScore yet, so each badge reads NEW.
 */
export function TrendingProducts({ gender = DEFAULT_HOME_GENDER }: { gender?: HomeGender }) {
  const { data: products, isPending, isError } = useQuery(homeQueries.trending(gender.gender));
  const hasProducts = !isPending && !isError && products.length > 0;

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
          {products.map((product) => (
            <ProductCard key={product._id} product={product} badge={homeTrendingBadge()} />
          ))}
        </Carousel>
      ) : (
        <p className={home.empty}>{NO_TRENDING_TEXT}</p>
      )}
    </section>
  );
}
