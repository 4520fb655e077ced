import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_LOADING_TEXT } from '@/config/app';
import { Skeleton } from '@/components/ui/skeleton';
import { SPINNER_COLORS, SPINNER_SIZES, Spinner } from '@/components/ui/spinner';
import { useLoadingActions } from '@/stores/loading';
import { SplashVariant } from './splash-variant';
import styles from './loading-demo.module.css';

/** How long each simulated loader runs. */
export const SIMULATED_LOAD_MS = 2000;

const DEMO_ITEMS = [
  { title: 'Oversized tees', detail: '24 styles' },
  { title: 'Relaxed denim', detail: '18 styles' },
  { title: 'Everyday sneakers', detail: '31 styles' },
];

/** A flag that turns itself off SIMULATED_LOAD_MS after being turned on. */
function useSimulatedLoad(initiallyLoading: boolean): [boolean, () => void] {
  const [loading, setLoading] = useState(initiallyLoading);
  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setLoading(false), SIMULATED_LOAD_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);
  return [loading, () => setLoading(true)];
}

function SkeletonCardList() {
  return (
    <ul className={styles.list} aria-hidden="true">
      {DEMO_ITEMS.map((item) => (
        <li key={item.title} className={styles.row}>
          <Skeleton width={56} height={56} radius={12} />
          <div className={styles.rowText}>
            <Skeleton width="70%" height={14} />
            <Skeleton width="40%" height={11} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The loading demo (001 §2): spinners in every size and colour, and simulated loaders. */
export function LoadingDemo() {
  const { pageLoadingStarted, pageLoadingFinished } = useLoadingActions();
  const [pageLoading, showPageLoader] = useSimulatedLoad(false);
  const [listLoading, reloadList] = useSimulatedLoad(true);
  const [buttonBusy, pressBusyButton] = useSimulatedLoad(false);
  const [splashShown, setSplashShown] = useState(false);
  const closeSplash = useCallback(() => setSplashShown(false), []);

  useEffect(() => {
    if (!pageLoading) return;
    pageLoadingStarted();
    return pageLoadingFinished;
  }, [pageLoading, pageLoadingStarted, pageLoadingFinished]);

  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1 className={styles.title}>Loading demo</h1>
        <p className={styles.lead}>Spinners and loaders used across the shop.</p>
      </div>

      <section className={styles.card} aria-labelledby="spinners-title">
        <h2 id="spinners-title" className={styles.cardTitle}>
          Spinners
        </h2>
        <table className={styles.grid}>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Colour</span>
              </th>
              {SPINNER_SIZES.map((size) => (
                <th key={size} scope="col">
                  {size}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SPINNER_COLORS.map((color) => (
              <tr key={color} className={color === 'white' ? styles.dark : undefined}>
                <th scope="row">{color}</th>
                {SPINNER_SIZES.map((size) => (
                  <td key={size}>
                    <Spinner size={size} color={color} label={`${color} ${size} spinner`} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.card} aria-labelledby="page-loader-title">
        <h2 id="page-loader-title" className={styles.cardTitle}>
          Page loader
        </h2>
        <p className={styles.hint}>Covers the screen for 2 seconds with the loading text.</p>
        <button type="button" className={styles.primary} onClick={showPageLoader}>
          Show page loader
        </button>
      </section>

      <section className={styles.card} aria-labelledby="splash-title">
        <h2 id="splash-title" className={styles.cardTitle}>
          Splash screen
        </h2>
        <p className={styles.hint}>
          The second splash: 3 seconds in four steps, fading out over the last 0.8 seconds.
        </p>
        <button type="button" className={styles.primary} onClick={() => setSplashShown(true)}>
          Show splash
        </button>
        {splashShown && <SplashVariant onDone={closeSplash} />}
      </section>

      <section className={styles.card} aria-labelledby="button-loader-title">
        <h2 id="button-loader-title" className={styles.cardTitle}>
          Button loader
        </h2>
        <button
          type="button"
          className={styles.secondary}
          onClick={pressBusyButton}
          disabled={buttonBusy}
          aria-busy={buttonBusy}
        >
          {buttonBusy ? (
            <>
              <Spinner size="sm" color="white" />
              {DEFAULT_LOADING_TEXT}
            </>
          ) : (
            'Save changes'
          )}
        </button>
      </section>

      <section className={styles.card} aria-labelledby="skeleton-title" aria-busy={listLoading}>
        <div className={styles.cardHeading}>
          <h2 id="skeleton-title" className={styles.cardTitle}>
            Skeleton list
          </h2>
          <button type="button" className={styles.link} onClick={reloadList} disabled={listLoading}>
            Reload
          </button>
        </div>
        {listLoading ? (
          <>
            <p className={styles.loadingText} role="status">
              <Spinner size="sm" color="gray" />
              {DEFAULT_LOADING_TEXT}
            </p>
            <SkeletonCardList />
          </>
        ) : (
          <ul className={styles.list}>
            {DEMO_ITEMS.map((item) => (
              <li key={item.title} className={styles.row}>
                <span className={styles.thumb} aria-hidden="true" />
                <div className={styles.rowText}>
                  <strong>{item.title}</strong>
                  <span>{item.detail}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
