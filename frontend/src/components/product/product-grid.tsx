import type { Product } from '@/lib/product';
import { ProductCard, ProductCardSkeleton, type ProductCardOptions } from './product-card';
import styles from './product-grid.module.css';

/** 000 §9: a loading grid shows 8 cards. */
export const PRODUCT_SKELETON_COUNT = 8;

export interface ProductGridProps {
  products: readonly Product[];
  /** The list's accessible name ('Hot deals'). */
  label: string;
  /** Badge, heart, action and extra lines per product. */
  cardOptions?: (product: Product) => ProductCardOptions;
  className?: string;
}

/** Products two to a row, the grid of the offer, deal, brand and list screens. */
export function ProductGrid({ products, label, cardOptions, className }: ProductGridProps) {
  return (
    <ul className={[styles.grid, className].filter(Boolean).join(' ')} aria-label={label}>
      {products.map((product) => (
        <li key={product._id} className={styles.item}>
          <ProductCard product={product} {...cardOptions?.(product)} />
        </li>
      ))}
    </ul>
  );
}

export interface ProductGridSkeletonProps {
  count?: number;
  label?: string;
  /** Reserve the action row when the real cards will have one. */
  withAction?: boolean;
  className?: string;
}

/** The grid while products load: same columns and card boxes as ProductGrid. */
export function ProductGridSkeleton({
  count = PRODUCT_SKELETON_COUNT,
  label = 'Loading products',
  withAction = false,
  className,
}: ProductGridSkeletonProps) {
  return (
    <ul
      className={[styles.grid, className].filter(Boolean).join(' ')}
      aria-label={label}
      aria-busy="true"
    >
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={styles.item}>
          <ProductCardSkeleton withAction={withAction} />
        </li>
      ))}
    </ul>
  );
}
