import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { displayPrice, formatInr } from '@/lib/money';
import { brandName, firstImage, type Product } from '@/lib/product';
import { FallbackImage } from '@/components/ui/fallback-image';
import styles from './swipe-deck.module.css';

/**
 * What a swipe card shows: the first image (a placeholder when it fails), the LIKE and NOPE
 * stamps, name, brand ('No Brand' without one) and the price as the product list shows it:
 * a discount strikes the original price, shows the offer price in green and says '{n}% Off!'.
 */
export function CardFace({
  product,
  nameId,
  actions,
}: {
  product: Product;
  nameId?: string;
  /** Drawn under the price: the top card's buy buttons. */
  actions?: ReactNode;
}) {
  const price = displayPrice(product);
  const discounted = price.discountPaise > 0;
  return (
    <>
      <FallbackImage
        src={firstImage(product)}
        alt={product.name}
        draggable={false}
        className={styles.image}
      />
      <span className={`${styles.stamp} ${styles.like}`} aria-hidden="true">
        LIKE
      </span>
      <span className={`${styles.stamp} ${styles.nope}`} aria-hidden="true">
        NOPE
      </span>
      <div className={styles.info}>
        <h2 id={nameId} className={styles.name}>
          {/* The keyboard's way in; a pointer taps anywhere on the card. */}
          <Link to={paths.product.getHref(product._id)} draggable={false}>
            {product.name}
          </Link>
        </h2>
        <p className={styles.brand}>{brandName(product) || 'No Brand'}</p>
        <p className={styles.price}>
          <span className={discounted ? `${styles.final} ${styles.saving}` : styles.final}>
            {formatInr(price.finalPaise)}
          </span>
          {discounted && (
            <>
              <s className={styles.original}>
                <span className="visually-hidden">was </span>
                {formatInr(price.originalPaise)}
              </s>
              <span className={styles.off}>{price.percentOff}% Off!</span>
            </>
          )}
        </p>
        {actions}
      </div>
    </>
  );
}
