import styles from './hero-banner.module.css';

/**
 * The banner's drawn width for the browser's pick among the widths: 92 % of a phone's width, and
 * at most about 380 px in the 413 px frame on a wider screen.
 */
export const HERO_BANNER_SIZES = '(max-width: 413px) 92vw, 380px';

/** The hero is a carousel of 3 banners (000 §2.5): the three of highest priority. */
export const HERO_MAX_BANNERS = 3;

/** The box of a home hero banner, for its loading skeleton. */
export const HERO_BANNER_CLASS = styles.banner;

export interface HeroBannerProps {
  src: string;
  /** The responsive widths, when the image has them. */
  srcSet?: string;
  alt: string;
  /** The first banner is in view at once; the others wait their turn. */
  eager?: boolean;
}

/**
 * One banner of the home hero (000 §2.5). Home's carousel and the admin console's banner
 * preview draw it alike, so the preview shows what shoppers will see.
 */
export function HeroBanner({ src, srcSet, alt, eager = false }: HeroBannerProps) {
  return (
    <span className={styles.banner}>
      <img
        src={src}
        srcSet={srcSet || undefined}
        sizes={srcSet ? HERO_BANNER_SIZES : undefined}
        alt={alt}
        className={styles.image}
        loading={eager ? 'eager' : 'lazy'}
        // The first banner is home's largest paint (Lighthouse's LCP element).
        fetchPriority={eager ? 'high' : 'auto'}
      />
    </span>
  );
}
