import { Link } from 'react-router';
import { TAGLINES } from '@/config/app';
import { paths } from '@/config/paths';
import { ArrowLeftIcon, SearchIcon, UserIcon } from '@/components/ui/icons';
import styles from './trends-header.module.css';

/**
 * The screen's own bar: the shell draws no header on /trends (000 §2.2). Its buttons go to the
 * swipe screen, search and the profile (000 §2.7).
 */
export function TrendsHeader() {
  return (
    <div className={styles.bar}>
      <Link to={paths.root.getHref()} className={styles.iconButton} aria-label="Back to Swipe">
        <ArrowLeftIcon size={22} />
      </Link>
      <div className={styles.titles}>
        <h1 className={styles.title}>Trends</h1>
        <p className={styles.subtitle}>{TAGLINES.powered}</p>
      </div>
      <nav className={styles.links} aria-label="Trends shortcuts">
        <Link to={paths.search.getHref()} className={styles.iconButton} aria-label="Search">
          <SearchIcon size={22} />
        </Link>
        <Link to={paths.profile.getHref()} className={styles.iconButton} aria-label="Profile">
          <UserIcon size={22} />
        </Link>
      </nav>
    </div>
  );
}
