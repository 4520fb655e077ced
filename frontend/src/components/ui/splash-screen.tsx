import { APP_NAME, SPLASH_DURATION_MS, TAGLINES } from '@/config/app';
import { BoltIcon, SparklesIcon } from './icons';
import styles from './splash-screen.module.css';

/** The start-up splash (000 §2.1): the three taglines over the brand gradient. */
export function SplashScreen({ leaving = false }: { leaving?: boolean }) {
  return (
    <div
      className={`${styles.splash} ${leaving ? styles.leaving : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={`${APP_NAME} is starting`}
      data-testid="splash"
      style={{ ['--splash-duration' as string]: `${SPLASH_DURATION_MS}ms` }}
    >
      <div className={styles.glow} aria-hidden="true" />
      <div className={styles.content}>
        <p className={styles.logo}>{APP_NAME.toLowerCase()}</p>
        <h1 className={styles.main}>{TAGLINES.main}</h1>
        <ul className={styles.taglines}>
          <li>
            <BoltIcon size={18} />
            {TAGLINES.delivery}
          </li>
          <li>
            <SparklesIcon size={18} />
            {TAGLINES.powered}
          </li>
        </ul>
      </div>
      <div className={styles.progress} aria-hidden="true">
        <span />
      </div>
    </div>
  );
}
