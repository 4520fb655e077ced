import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { displayPrice, formatInr } from '@/lib/money';
import { brandName, firstImage, type Product } from '@/lib/product';
import { FallbackImage } from '@/components/ui/fallback-image';
import styles from './product-list-card.module.css';

/**
 * A card of the category and brand product list (001): first image, name, brand ('No Brand'
 * without one) and price; a discount strikes the original price, shows the discounted one in
 * green and says '{n}% Off!'.
 */
export function ProductListCard({ product }: { product: Product }) {
  const nameId = useId();
  const price = displayPrice(product);
  const discounted = price.discountPaise > 0;
  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <Link to={paths.product.getHref(product._id)} className={styles.link}>
        <span className={styles.media}>
          <FallbackImage
            src={firstImage(product)}
            alt={product.name}
            loading="lazy"
            className={styles.image}
          />
        </span>
        <span className={styles.body}>
          <h3 id={nameId} className={styles.name}>
            {product.name}
          </h3>
          <span className={styles.brand}>{brandName(product) || 'No Brand'}</span>
          <span className={styles.price}>
            {discounted && (
              <s className={styles.original}>
                <span className="visually-hidden">was </span>
                {formatInr(price.originalPaise)}
              </s>
            )}
            <span className={discounted ? `${styles.final} ${styles.saving}` : styles.final}>
              {formatInr(price.finalPaise)}
            </span>
          </span>
          {discounted && <span className={styles.off}>{price.percentOff}% Off!</span>}
        </span>
      </Link>
    </article>
  );
}
