import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { AlertCircleIcon } from '@/components/ui/icons';
import styles from './routes.module.css';

/** A screen failed to load or render; keep the shell and offer a way on. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <section className={styles.message} role="alert">
      <span className={styles.badge}>
        <AlertCircleIcon size={32} />
      </span>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>
        This screen could not be opened{detail ? ` (${detail})` : ''}. Check your connection and try
        again.
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          Try Again
        </button>
        <Link to={paths.home.getHref()} className={styles.secondary}>
          Go to Explore
        </Link>
      </div>
    </section>
  );
}
