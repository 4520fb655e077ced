import type { ReactNode } from 'react';
import { toDecimal } from '@/lib/money';
import type { PricedProduct } from '@/lib/product';
import { PriceTag } from './price-tag';
import {
  ProductCardFrame,
  ProductCardFrameSkeleton,
  type ProductCardFrameProps,
} from './product-card-frame';
import styles from './plain-product-card.module.css';

export interface PlainProductCardProps
  extends Omit<
    ProductCardFrameProps,
    'product' | 'bodyClassName' | 'pressable' | 'fitBrand' | 'overlay' | 'children' | 'aside'
  > {
  product: ProductCardFrameProps['product'] & PricedProduct;
  /** Said instead of a price the product lacks; without it, PriceTag shows whatever it has. */
  missingPrice?: string;
  /** The round button in the picture's corner, beside the link. */
  button: ReactNode;
}

/**
 * The look page's and the curated list's card: picture, brand, name and price in whole rupees,
 * opening the product, with one button over the picture.
 */
export function PlainProductCard({ product, missingPrice, button, ...frame }: PlainProductCardProps) {
  const priced = missingPrice === undefined || toDecimal(product.price) !== null;
  return (
    <ProductCardFrame product={product} bodyClassName={styles.body} aside={button} {...frame}>
      {priced ? (
        <PriceTag product={product} priceStyle="whole" className={styles.price} />
      ) : (
        <p className={styles.price}>{missingPrice}</p>
      )}
    </ProductCardFrame>
  );
}

export function PlainProductCardSkeleton() {
  return (
    <ProductCardFrameSkeleton
      bodyClassName={styles.body}
      priceClassName={styles.price}
      priceWidth="50%"
    />
  );
}
