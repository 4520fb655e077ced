import { HOME_TRENDING_LIMIT, TRENDING_AUTO_SCROLL_MS } from '@/config/app';
import { paths } from '@/config/paths';
import { ProductCard, ProductCardSkeleton } from '@/components/product/product-card';
import { Carousel } from '@/components/ui/carousel';
import { TrendingIcon } from '@/components/ui/icons';
import { SectionHeader } from '@/components/ui/section-header';
import { useProducts } from '../api/get-products';
import styles from './trending-products.module.css';

const SKELETON_CARDS = 4;
export const NO_TRENDING_TEXT = 'No trending products found.';

/** Home's 'Trending Products' row (000 §2.5); fetch failures degrade to the empty text (§8). */
export function TrendingProducts() {
  const { data: products, isPending, isError } = useProducts({ limit: HOME_TRENDING_LIMIT });
  const hasProducts = !isPending && !isError && products.length > 0;

  return (
    <section className={styles.section} aria-labelledby="trending-title">
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
            <ProductCard key={product._id} product={product} />
          ))}
        </Carousel>
      ) : (
        <p className={styles.empty}>{NO_TRENDING_TEXT}</p>
      )}
    </section>
  );
}
