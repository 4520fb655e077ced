import { useQuery } from '@tanstack/react-query';
import { HERO_ROTATE_MS } from '@/config/app';
import { Carousel } from '@/components/ui/carousel';
import { Skeleton } from '@/components/ui/skeleton';
import { homeQueries } from '../api/home-queries';
import styles from './home.module.css';

/** The banner box is 92 % of the column; the browser picks the width variant from this. */
const BANNER_SIZES = '92vw';

/**
 * The hero: the 'hero' banners the admin's library shows now (the three built-in ones unless an
 * admin changed them), rotating every 4 s (000 §2.5). They are display only. Without banners (or
 * when the call fails, §8) the hero is left out.
 */
export function HeroCarousel() {
  const { data: banners = [], isPending } = useQuery(homeQueries.hero());

  if (isPending) {
    return (
      <Carousel label="Loading highlights" itemWidth="92%" busy>
        <Skeleton height="auto" radius="var(--radius-lg)" className={styles.banner} />
      </Carousel>
    );
  }
  if (banners.length === 0) return null;

  return (
    <Carousel label="Highlights" itemWidth="92%" intervalMs={HERO_ROTATE_MS}>
      {banners.map((banner, index) => (
        <span key={banner._id} className={styles.banner}>
          <img
            src={banner.url}
            srcSet={banner.srcset ?? undefined}
            sizes={banner.srcset ? BANNER_SIZES : undefined}
            alt={banner.title}
            className={styles.bannerImage}
            // The first banner is in view at once; the others wait their turn.
            loading={index === 0 ? 'eager' : 'lazy'}
          />
        </span>
      ))}
    </Carousel>
  );
}
