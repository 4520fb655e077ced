import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { Product } from '@/lib/product';
import { PriceTag } from './price-tag';
import { ProductCardFrame, ProductCardFrameSkeleton } from './product-card-frame';
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
  return (
    <ProductCardFrame
      product={product}
      bodyClassName={styles.body}
      pressable
      overlay={badge && <span className={styles.badge}>{badge}</span>}
      aside={
        <>
          {wishlist && <WishlistHeart productId={product._id} corner />}
          {action && <div className={styles.action}>{action}</div>}
        </>
      }
      data-testid="product-card"
    >
      <PriceTag
        product={product}
        priceStyle={priceStyle}
        showPercentOff={showPercentOff}
        className={styles.price}
      />
      {children}
    </ProductCardFrame>
  );
}

/** A loading card with the same boxes as ProductCard, so nothing moves when data arrives. */
export function ProductCardSkeleton({ withAction = false }: { withAction?: boolean }) {
  return (
    <ProductCardFrameSkeleton
      bodyClassName={styles.body}
      priceClassName={styles.price}
      priceWidth="55%"
      aside={
        withAction && (
          <div className={styles.action}>
            <Skeleton height="var(--card-action-height)" radius="var(--radius-pill)" />
          </div>
        )
      }
    />
  );
}
