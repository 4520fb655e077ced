import { useQuery } from '@tanstack/react-query';
import { HERO_ROTATE_MS } from '@/config/app';
import { Carousel } from '@/components/ui/carousel';
import { HERO_BANNER_CLASS, HeroBanner } from '@/components/ui/hero-banner';
import { Skeleton } from '@/components/ui/skeleton';
import { homeQueries } from '../api/home-queries';

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
        <Skeleton height="auto" radius="var(--radius-lg)" className={HERO_BANNER_CLASS} />
      </Carousel>
    );
  }
  if (banners.length === 0) return null;

  return (
    <Carousel label="Highlights" itemWidth="92%" intervalMs={HERO_ROTATE_MS}>
      {banners.map((banner, index) => (
        <HeroBanner
          key={banner._id}
          src={banner.url}
          srcSet={banner.srcset ?? undefined}
          alt={banner.title}
          eager={index === 0}
        />
      ))}
    </Carousel>
  );
}
