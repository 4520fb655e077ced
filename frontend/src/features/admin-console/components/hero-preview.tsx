import { Carousel } from '@/components/ui/carousel';
import { HERO_BANNER_CLASS, HeroBanner } from '@/components/ui/hero-banner';
import type { Banner } from '@/api/admin-types';
import { heroLineUp, showsOnPhone } from '../utils/banner-rules';
import styles from './hero-preview.module.css';

export interface PreviewBanner {
  _id: string;
  title: string;
  /** Null until an image is chosen: a placeholder stands in its place. */
  url: string | null;
  srcset: string | null;
  priority: number;
}

/**
 * How the home hero will look on a phone with `draft` published: a 390 px frame with home's
 * heading and the hero's banners drawn as home draws them, the draft among today's live hero
 * banners by priority. A banner for another place shows alone in the same frame.
 */
export function HeroPreview({
  draft,
  live,
  isHero,
}: {
  draft: PreviewBanner;
  live: readonly Banner[];
  isHero: boolean;
}) {
  const now = new Date();
  const lineUp: PreviewBanner[] = isHero
    ? heroLineUp<PreviewBanner>(
        live.filter((banner) => showsOnPhone(banner, now)),
        draft,
      )
    : [draft];
  return (
    <section className={styles.frame} aria-label="Home preview">
      <p className={styles.caption}>{isHero ? 'Home hero on a phone' : 'Banner on a phone'}</p>
      <div className={styles.phone}>
        <p className={styles.title} aria-hidden="true">
          Explore
        </p>
        <Carousel label="Preview banners" itemWidth="92%">
          {lineUp.map((banner) => (
            <div key={banner._id} className={banner === draft ? styles.draft : undefined}>
              {banner.url === null ? (
                <span className={`${HERO_BANNER_CLASS} ${styles.placeholder}`}>
                  Choose an image to see this banner here.
                </span>
              ) : (
                <HeroBanner
                  src={banner.url}
                  srcSet={banner.srcset ?? undefined}
                  alt={
                    banner === draft
                      ? `${banner.title || 'New banner'} (this banner)`
                      : banner.title
                  }
                  eager
                />
              )}
            </div>
          ))}
        </Carousel>
        {isHero && <p className={styles.note}>Home shows the three with the highest priority.</p>}
      </div>
    </section>
  );
}
