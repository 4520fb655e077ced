import { displayPrice, formatInr, type InrStyle } from '@/lib/money';
import type { PricedProduct } from '@/lib/product';
import styles from './price-tag.module.css';

export interface PriceTagProps {
  product: PricedProduct;
  /** `whole` rounds to rupees (deals), `fixed2` always shows paise (product page), 000 §9. */
  priceStyle?: InrStyle;
  /** Hide the 'N% OFF' text where a badge already says it (Hot Deals). */
  showPercentOff?: boolean;
  /** `lg` on the product page. */
  size?: 'md' | 'lg';
  className?: string;
}

/** The display price (000 §4): final price, and when discounted the struck original and % OFF. */
export function PriceTag({
  product,
  priceStyle = 'auto',
  showPercentOff = true,
  size = 'md',
  className,
}: PriceTagProps) {
  const price = displayPrice(product);
  const discounted = price.discountPaise > 0;
  return (
    <p className={[styles.price, styles[size], className].filter(Boolean).join(' ')}>
      <span className={styles.final}>{formatInr(price.finalPaise, priceStyle)}</span>
      {discounted && (
        <>
          <s className={styles.original}>
            <span className="visually-hidden">was </span>
            {formatInr(price.originalPaise, priceStyle)}
          </s>
          {showPercentOff && price.percentOff > 0 && (
            <span className={styles.off}>{price.percentOff}% OFF</span>
          )}
        </>
      )}
    </p>
  );
}
