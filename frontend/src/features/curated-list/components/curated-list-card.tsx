import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PriceTag } from '@/components/product/price-tag';
import { FallbackImage } from '@/components/ui/fallback-image';
import { CloseIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import type { CuratedListEntry } from '@/lib/curated-list-api';
import { brandName, firstImage } from '@/lib/product';
import styles from './curated-list-card.module.css';

interface CuratedListCardProps {
  entry: CuratedListEntry;
  /** The entry's removal is in flight: the button waits and the card dims. */
  removing: boolean;
  onRemove: () => void;
}

/**
 * One saved product (001 §2): picture, brand, name and price in whole rupees, opening the
 * product page; the remove button sits beside the link, never inside it.
 */
export function CuratedListCard({ entry, removing, onRemove }: CuratedListCardProps) {
  const nameId = useId();
  return (
    <article
      className={[styles.card, removing ? styles.removing : ''].filter(Boolean).join(' ')}
      aria-labelledby={nameId}
      aria-busy={removing || undefined}
    >
      <Link to={paths.product.getHref(entry._id)} className={styles.link}>
        <div className={styles.media}>
          <FallbackImage
            src={firstImage(entry)}
            alt={entry.name}
            loading="lazy"
            className={styles.image}
          />
        </div>
        <div className={styles.body}>
          <p className={styles.brand}>{brandName(entry)}</p>
          <h3 id={nameId} className={styles.name}>
            {entry.name}
          </h3>
          <PriceTag product={entry} priceStyle="whole" className={styles.price} />
        </div>
      </Link>
      <button
        type="button"
        className={styles.remove}
        aria-label={`Remove ${entry.name} from your curated list`}
        disabled={removing}
        onClick={onRemove}
      >
        <CloseIcon size={18} />
      </button>
    </article>
  );
}

/** The card's boxes while the list loads, so nothing moves when it arrives. */
export function CuratedListCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <Skeleton height="auto" radius={0} className={styles.skeletonMedia} />
      <div className={styles.body}>
        <span className={`${styles.brand} ${styles.skeletonLine}`}>
          <Skeleton width="45%" height={10} />
        </span>
        <span className={`${styles.name} ${styles.skeletonLine}`}>
          <Skeleton width="90%" height={12} />
          <Skeleton width="60%" height={12} />
        </span>
        <span className={`${styles.price} ${styles.skeletonLine}`}>
          <Skeleton width="50%" height={14} />
        </span>
      </div>
    </div>
  );
}
