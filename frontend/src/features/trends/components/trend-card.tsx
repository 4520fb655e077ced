import { PriceTag } from '@/components/product/price-tag';
import { ProductCardFrame } from '@/components/product/product-card-frame';
import type { TrendingEntry } from '@/api/trending';
import { trendsBadge, type TrendsBadge } from '../utils/trends-badge';
import { engagementPercent, formatCount } from '../utils/trends-stats';
import styles from './trend-card.module.css';

const BADGE_TONES: Record<TrendsBadge, string | undefined> = {
  VIRAL: styles.viral,
  HOT: styles.hot,
  TRENDING: styles.trending,
  NEW: styles.new,
};

/**
 * One trending product (000 §2.7): badge, rank, brand, name, price, and its score, swipes and
 * engagement rate as a percent. The whole card opens the product page.
 */
export function TrendCard({ entry }: { entry: TrendingEntry }) {
  const { product } = entry;
  const badge = trendsBadge(entry.engagementScore);
  const stats = [
    { label: 'Score', value: formatCount(entry.engagementScore) },
    { label: entry.totalSwipes === 1 ? 'Swipe' : 'Swipes', value: formatCount(entry.totalSwipes) },
    { label: 'Liked', value: engagementPercent(entry.engagementRate) },
  ];

  return (
    <ProductCardFrame
      product={product}
      bodyClassName={styles.body}
      pressable
      fitBrand
      overlay={
        <>
          <span className={`${styles.badge} ${BADGE_TONES[badge]}`}>{badge}</span>
          <span className={styles.rank}>
            <span className="visually-hidden">Rank </span>#{entry.rank}
          </span>
        </>
      }
      data-testid="trend-card"
    >
      <PriceTag product={product} className={styles.price} />
      <dl className={styles.stats}>
        {stats.map((stat) => (
          <div key={stat.label} className={styles.stat}>
            <dt className={styles.statLabel}>{stat.label}</dt>
            <dd className={styles.statValue}>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </ProductCardFrame>
  );
}
