import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { APP_NAME, HOME_TRENDING_LIMIT, TAGLINES } from '@/config/app';
import { BoltIcon } from '@/components/ui/icons';
import { productQueries } from '@/features/products/api/get-products';
import { TrendingProducts } from '@/features/products/components/trending-products';
import styles from './routes.module.css';

/** Starts the trending fetch while the screen's code loads; never blocks navigation. */
export const homeLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(productQueries.list({ limit: HOME_TRENDING_LIMIT }));
  return null;
};

/** Explore (/home, 000 §2.5). The walking skeleton has the trending row; more sections follow. */
export function HomeRoute() {
  useEffect(() => {
    document.title = `Explore · ${APP_NAME}`;
  }, []);
  return (
    <div className={styles.home}>
      <div className={styles.homeIntro}>
        <h1 className={styles.homeTitle}>Explore</h1>
        <p className={styles.chip}>
          <BoltIcon size={14} />
          {TAGLINES.delivery}
        </p>
      </div>
      <TrendingProducts />
    </div>
  );
}
