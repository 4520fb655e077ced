import { useRef } from 'react';
import { Link } from 'react-router';
import { HOME_TRENDING_LIMIT, TRENDING_AUTO_SCROLL_MS } from '@/config/app';
import { paths } from '@/config/paths';
import { ChevronRightIcon, TrendingIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useAutoScroll } from '@/hooks/use-auto-scroll';
import { useProducts } from '../api/get-products';
import { ProductCard } from '@/components/product/product-card';
import styles from './trending-products.module.css';

const SKELETON_CARDS = 4;
export const NO_TRENDING_TEXT = 'No trending products found.';

/** Home's 'Trending Products' row (000 §2.5); fetch failures degrade to the empty text (§8). */
export function TrendingProducts() {
  const { data: products, isPending, isError } = useProducts({ limit: HOME_TRENDING_LIMIT });
  const scrollerRef = useRef<HTMLUListElement>(null);
  const hasProducts = !isPending && !isError && products.length > 0;
  useAutoScroll(scrollerRef, TRENDING_AUTO_SCROLL_MS, hasProducts);

  return (
    <section className={styles.section} aria-labelledby="trending-title">
      <div className={styles.heading}>
        <h2 id="trending-title" className={styles.title}>
          <span className={styles.titleIcon} aria-hidden="true">
            <TrendingIcon size={18} />
          </span>
          Trending Products
        </h2>
        <Link to={paths.trends.getHref()} className={styles.more}>
          Show More
          <ChevronRightIcon size={16} />
        </Link>
      </div>

      {isPending ? (
        <ul className={styles.scroller} aria-busy="true" aria-label="Loading trending products">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index} className={styles.item}>
              <div className={styles.skeletonCard}>
                <Skeleton height="auto" radius={0} className={styles.skeletonMedia} />
                <div className={styles.skeletonBody}>
                  <Skeleton width="45%" height={10} />
                  <Skeleton width="90%" height={12} />
                  <Skeleton width="60%" height={14} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : hasProducts ? (
        <ul ref={scrollerRef} className={styles.scroller}>
          {products.map((product) => (
            <li key={product._id} className={styles.item}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{NO_TRENDING_TEXT}</p>
      )}
    </section>
  );
}
