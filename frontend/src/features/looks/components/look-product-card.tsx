import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PriceTag } from '@/components/product/price-tag';
import { WishlistHeart } from '@/components/product/wishlist-heart';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Skeleton } from '@/components/ui/skeleton';
import { toDecimal } from '@/lib/money';
import { brandName, firstImage, type Product } from '@/lib/product';
import styles from './look-product-card.module.css';

/** 001 §2: a product without a price shows 'N/A'. */
export const MISSING_PRICE_TEXT = 'N/A';

/**
 * A look page card (001 §2): picture, brand, name and price in whole rupees, opening the
 * product; the heart beside the link toggles the curated list.
 */
export function LookProductCard({ product }: { product: Product }) {
  const nameId = useId();
  const hasPrice = toDecimal(product.price) !== null;
  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <Link to={paths.product.getHref(product._id)} className={styles.link}>
        <div className={styles.media}>
          <FallbackImage
            src={firstImage(product)}
            alt={product.name}
            loading="lazy"
            className={styles.image}
          />
        </div>
        <div className={styles.body}>
          <p className={styles.brand}>{brandName(product)}</p>
          <h3 id={nameId} className={styles.name}>
            {product.name}
          </h3>
          {hasPrice ? (
            <PriceTag product={product} priceStyle="whole" className={styles.price} />
          ) : (
            <p className={styles.price}>{MISSING_PRICE_TEXT}</p>
          )}
        </div>
      </Link>
      <WishlistHeart productId={product._id} className={styles.heart} />
    </article>
  );
}

/** The card's boxes while the look's products load. */
export function LookProductCardSkeleton() {
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
