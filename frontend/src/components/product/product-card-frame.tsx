import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Skeleton } from '@/components/ui/skeleton';
import { brandName, firstImage, type Product } from '@/lib/product';
import styles from './product-card-frame.module.css';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export interface ProductCardFrameProps
  extends Omit<ComponentPropsWithoutRef<'article'>, 'children' | 'aria-labelledby'> {
  product: Pick<Product, '_id' | 'name' | 'brand' | 'images'>;
  /** The lines' box under the picture: its padding and spacing. */
  bodyClassName?: string;
  /** The card gives a little while its link is pressed. */
  pressable?: boolean;
  /**
   * The brand line takes its text's height, none without a brand, for a card with no skeleton;
   * otherwise it keeps the fixed line its skeleton has.
   */
  fitBrand?: boolean;
  /** Laid over the picture: badges, a rank. */
  overlay?: ReactNode;
  /** Under the brand and name, inside the link: the price, stats. No buttons here. */
  children?: ReactNode;
  /** Beside the link, never inside it: a heart, a remove button, an action. */
  aside?: ReactNode;
}

/**
 * What every product card has: the 3:4 picture, brand and name (the card's name), all one link
 * to the product page. Each card adds its price, its extras and its buttons.
 */
export function ProductCardFrame({
  product,
  bodyClassName,
  pressable = false,
  fitBrand = false,
  overlay,
  children,
  aside,
  className,
  ...article
}: ProductCardFrameProps) {
  const nameId = useId();
  return (
    <article
      className={classes(styles.card, pressable && styles.pressable, className)}
      aria-labelledby={nameId}
      {...article}
    >
      <Link to={paths.product.getHref(product._id)} className={styles.link}>
        <div className={styles.media}>
          <FallbackImage
            src={firstImage(product)}
            alt={product.name}
            loading="lazy"
            className={styles.image}
          />
          {overlay}
        </div>
        <div className={bodyClassName}>
          <p className={classes(styles.brand, !fitBrand && styles.brandLine)}>
            {brandName(product)}
          </p>
          <h3 id={nameId} className={styles.name}>
            {product.name}
          </h3>
          {children}
        </div>
      </Link>
      {aside}
    </article>
  );
}

interface ProductCardFrameSkeletonProps {
  /** The real card's body and price classes, so each line keeps its box. */
  bodyClassName?: string;
  priceClassName?: string;
  priceWidth: string;
  /** Placeholders beside the link: an action button's. */
  aside?: ReactNode;
}

/** A loading card with the real card's boxes, so nothing moves when the data arrives. */
export function ProductCardFrameSkeleton({
  bodyClassName,
  priceClassName,
  priceWidth,
  aside,
}: ProductCardFrameSkeletonProps) {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.link}>
        <Skeleton height="auto" radius={0} className={styles.skeletonMedia} />
        <div className={bodyClassName}>
          <span className={classes(styles.brand, styles.brandLine, styles.skeletonLine)}>
            <Skeleton width="45%" height={10} />
          </span>
          <span className={classes(styles.name, styles.skeletonLine)}>
            <Skeleton width="90%" height={12} />
            <Skeleton width="60%" height={12} />
          </span>
          <span className={classes(priceClassName, styles.skeletonLine)}>
            <Skeleton width={priceWidth} height={14} />
          </span>
        </div>
      </div>
      {aside}
    </div>
  );
}
