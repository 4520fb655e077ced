import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Skeleton } from '@/components/ui/skeleton';
import { brandName, firstImage, type Product } from '@/lib/product';
import { PriceTag } from './price-tag';
import { WishlistHeart } from './wishlist-heart';
import styles from './product-card.module.css';

/** Everything a screen may add to a card; ProductGrid takes these per product. */
export interface ProductCardOptions {
  /** Corner label over the image: 'OFFER', 'SPECIAL', '50% OFF', 'HOT'. */
  badge?: string;
  /** Shows the wishlist heart (000 §4). */
  wishlist?: boolean;
  /** A button or link under the card (add to cart, View Details); it gets the card's style. */
  action?: ReactNode;
  /** Deals round to whole rupees (000 §9). */
  priceStyle?: 'auto' | 'whole';
  /** Off where the badge already gives the percentage. */
  showPercentOff?: boolean;
  /** Extra lines under the price, inside the link: a rating, swipe counts. No buttons here. */
  children?: ReactNode;
}

export interface ProductCardProps extends ProductCardOptions {
  product: Product;
}

/**
 * The vertical product card (000 §2.5, §2.8-§2.10): first image, brand, name and display price,
 * linking to the product page. The heart and the action sit beside the link, never inside it.
 */
export function ProductCard({
  product,
  badge,
  wishlist = false,
  action,
  priceStyle = 'auto',
  showPercentOff = true,
  children,
}: ProductCardProps) {
  const nameId = useId();
  return (
    <article className={styles.card} aria-labelledby={nameId} data-testid="product-card">
      <Link to={paths.product.getHref(product._id)} className={styles.link}>
        <div className={styles.media}>
          <FallbackImage
            src={firstImage(product)}
            alt={product.name}
            loading="lazy"
            className={styles.image}
          />
          {badge && <span className={styles.badge}>{badge}</span>}
        </div>
        <div className={styles.body}>
          <p className={styles.brand}>{brandName(product)}</p>
          <h3 id={nameId} className={styles.name}>
            {product.name}
          </h3>
          <PriceTag
            product={product}
            priceStyle={priceStyle}
            showPercentOff={showPercentOff}
            className={styles.price}
          />
          {children}
        </div>
      </Link>
      {wishlist && <WishlistHeart productId={product._id} className={styles.heart} />}
      {action && <div className={styles.action}>{action}</div>}
    </article>
  );
}

/** A loading card with the same boxes as ProductCard, so nothing moves when data arrives. */
export function ProductCardSkeleton({ withAction = false }: { withAction?: boolean }) {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.link}>
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
            <Skeleton width="55%" height={14} />
          </span>
        </div>
      </div>
      {withAction && (
        <div className={styles.action}>
          <Skeleton height="var(--card-action-height)" radius="var(--radius-pill)" />
        </div>
      )}
    </div>
  );
}
