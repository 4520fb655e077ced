import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { APP_NAME } from '@/config/app';
import { paths } from '@/config/paths';
import { CompassIcon } from '@/components/ui/icons';
import styles from './routes.module.css';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `Page not found · ${APP_NAME}`;
  }, []);
  return (
    <section className={styles.message} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.text}>
        We couldn’t find <code className={styles.path}>{pathname}</code>. It may have moved, or the
        link may be wrong.
      </p>
      <div className={styles.actions}>
        <Link to={paths.home.getHref()} className={styles.primary}>
          <CompassIcon size={20} />
          Go to Explore
        </Link>
      </div>
    </section>
  );
}
