import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PriceTag } from '@/components/product/price-tag';
import { WishlistHeart } from '@/components/product/wishlist-heart';
import { FallbackImage } from '@/components/ui/fallback-image';
import { brandName, firstImage, type Product } from '@/lib/product';
import styles from './offer-list-item.module.css';

export interface OfferListItemProps {
  product: Product;
  badge?: string;
}

/** One row of the offer page's list view (000 §2.9): picture, details, heart and two links. */
export function OfferListItem({ product, badge }: OfferListItemProps) {
  const nameId = useId();
  const href = paths.product.getHref(product._id);
  return (
    <article className={styles.row} aria-labelledby={nameId}>
      {/* The picture repeats the details link for pointers; keyboards use the links below. */}
      <Link to={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        <FallbackImage src={firstImage(product)} alt="" loading="lazy" className={styles.image} />
        {badge && <span className={styles.badge}>{badge}</span>}
      </Link>
      <div className={styles.body}>
        <p className={styles.brand}>{brandName(product)}</p>
        <h3 id={nameId} className={styles.name}>
          {product.name}
        </h3>
        <PriceTag product={product} />
        <div className={styles.actions}>
          <Link to={href} className={styles.secondary} aria-describedby={nameId}>
            Quick View
          </Link>
          <Link to={href} className={styles.primary} aria-describedby={nameId}>
            View Details
          </Link>
        </div>
      </div>
      <WishlistHeart productId={product._id} className={styles.heart} />
    </article>
  );
}
