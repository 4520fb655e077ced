import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FallbackImage } from '@/components/ui/fallback-image';
import { displayPrice, formatInr } from '@/lib/money';
import { brandName, firstImage, type Product } from '@/lib/product';
import styles from './product-card.module.css';

/** A product tile for carousels: first image, brand, name, display price (000 §2.5, §4). */
export function ProductCard({ product }: { product: Product }) {
  const price = displayPrice(product);
  const discounted = price.discountPaise > 0;
  const brand = brandName(product);

  return (
    <Link to={paths.product.getHref(product._id)} className={styles.card} data-testid="product-card">
      <div className={styles.media}>
        <FallbackImage src={firstImage(product)} alt={product.name} loading="lazy" />
      </div>
      <div className={styles.body}>
        {brand && <p className={styles.brand}>{brand}</p>}
        <h3 className={styles.name}>{product.name}</h3>
        <p className={styles.price}>
          <span className={styles.final}>{formatInr(price.finalPaise)}</span>
          {discounted && (
            <>
              <s className={styles.original}>
                <span className="visually-hidden">was </span>
                {formatInr(price.originalPaise)}
              </s>
              {price.percentOff > 0 && <span className={styles.off}>{price.percentOff}% OFF</span>}
            </>
          )}
        </p>
      </div>
    </Link>
  );
}
