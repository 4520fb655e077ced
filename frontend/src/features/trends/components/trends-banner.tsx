import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TRENDS_BANNER_ROTATE_MS } from '@/config/app';
import type { TimeWindow } from '@/api/trending';
import { trendsQueries } from '../api/trends-queries';
import { useRotation } from '../hooks/use-rotation';
import { TREND_BANNERS, type TrendBanner } from '../utils/trends-options';
import styles from './trends-banner.module.css';

const sameTitle = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The banner of three promo cards, one in view at a time, turning every 4000 ms with no dots or
 * arrows (000 §2.7). A card sets the time frame. Each card's picture is the 'trends' static image
 * of the same title; without one (or while it fails) the card draws its title itself.
 */
export function TrendsBanner({ onChoose }: { onChoose: (timeWindow: TimeWindow) => void }) {
  const ref = useRef<HTMLElement>(null);
  const active = useRotation(ref, TREND_BANNERS.length, TRENDS_BANNER_ROTATE_MS);
  const { data: images = [], isPending } = useQuery(trendsQueries.banners());
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());

  const pictureOf = (banner: TrendBanner) => {
    const url = images.find((image) => sameTitle(image.title, banner.title))?.url;
    return url && !failed.has(url) ? url : undefined;
  };

  return (
    <section
      ref={ref}
      className={styles.banner}
      aria-roledescription="carousel"
      aria-label="Trend highlights"
      aria-busy={isPending || undefined}
    >
      {/* The cards turn by themselves, so screen readers are not interrupted by each turn. */}
      <div className={styles.track} data-active={active} aria-live="off">
        {TREND_BANNERS.map((banner, index) => {
          const hidden = index !== active;
          const picture = pictureOf(banner);
          return (
            <div
              key={banner.title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${TREND_BANNERS.length}`}
              className={styles.slide}
              aria-hidden={hidden || undefined}
              inert={hidden}
            >
              <button
                type="button"
                className={`${styles.card} ${styles[banner.tone]}`}
                aria-label={banner.title}
                onClick={() => onChoose(banner.timeWindow)}
              >
                {picture ? (
                  <img
                    src={picture}
                    alt=""
                    className={styles.picture}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    // The first banner is the screen's largest paint (Lighthouse's LCP element).
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                    decoding="async"
                    onError={() => setFailed((urls) => new Set(urls).add(picture))}
                  />
                ) : (
                  // Drawn only once we know there is no picture, so a picture never follows text.
                  !isPending && (
                    <span className={styles.drawn}>
                      <span className={styles.title}>{banner.title}</span>
                      <span className={styles.tagline}>{banner.tagline}</span>
                    </span>
                  )
                )}
              </button>
            </div>
          );
        })}
      </div>
    </section>
  );
}
