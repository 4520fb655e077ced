import { useIsPageLoading, useLoadingText } from '@/stores/loading';
import { Spinner } from './spinner';
import styles from './page-loader.module.css';

/** The full-page loader of the loading context (000 §4). */
export function PageLoader() {
  const isLoading = useIsPageLoading();
  const text = useLoadingText();
  if (!isLoading) return null;
  return (
    <div className={styles.overlay} role="alert" aria-busy="true">
      <div className={styles.card}>
        <Spinner size="lg" color="purple" />
        <p className={styles.text}>{text}</p>
      </div>
    </div>
  );
}
