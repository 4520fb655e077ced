import { Spinner } from '@/components/ui/spinner';
import { DEFAULT_LOADING_TEXT } from '@/config/app';
import styles from './routes.module.css';

/** Shown while a screen's code loads for the first time. */
export function RouteFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner size="md" color="purple" label={DEFAULT_LOADING_TEXT} />
    </div>
  );
}
