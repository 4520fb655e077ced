import { useEffect, useState } from 'react';
import { APP_NAME, TAGLINES } from '@/config/app';
import { splashMoment, SPLASH_VARIANT_MS, type SplashMoment } from '../utils/splash-phases';
import styles from './splash-variant.module.css';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** How often the splash looks at the clock: well under its 800 ms phases. */
const TICK_MS = 100;

/**
 * The second splash variant (000 §2.1, §9): over the brand gradient, the name, then 'Style.
 * Swipe. Shop.', 'Deliver in 60 minutes' and 'Powered by AI & Community Trends' at 0, 800, 1600
 * and 2400 ms, fading out over the last 800 ms, then `onDone`. With reduced motion nothing moves
 * or fades: every line shows at once for the same time, so it can still be read.
 */
export function SplashVariant({
  durationMs = SPLASH_VARIANT_MS,
  onDone,
}: {
  durationMs?: number;
  onDone: () => void;
}) {
  const [still] = useState(reducedMotion);
  const [moment, setMoment] = useState<SplashMoment>(() => splashMoment(0, durationMs));

  useEffect(() => {
    const start = performance.now();
    const timer = window.setInterval(() => {
      const next = splashMoment(performance.now() - start, durationMs);
      setMoment(next);
      if (next.done) {
        window.clearInterval(timer);
        onDone();
      }
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [durationMs, onDone]);

  const phase = still ? 3 : moment.phase;
  const lines = [TAGLINES.main, TAGLINES.delivery, TAGLINES.powered];
  return (
    <div
      className={[styles.splash, still ? styles.still : '', moment.fading && !still ? styles.fading : '']
        .filter(Boolean)
        .join(' ')}
      role="status"
      aria-label={`${APP_NAME} splash`}
      data-phase={phase}
    >
      <p className={styles.logo}>{APP_NAME.toLowerCase()}</p>
      {lines.map((line, index) => (
        <p key={line} className={index < phase ? styles.shown : styles.hidden}>
          {line}
        </p>
      ))}
    </div>
  );
}
