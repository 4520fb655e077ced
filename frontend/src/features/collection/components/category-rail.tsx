import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Gender } from '@/api/catalogue-types';
import { Skeleton } from '@/components/ui/skeleton';
import { collectionQueries } from '../api/collection-queries';
import { BRANDS_CATEGORY, topLevelNames } from '../utils/collection-params';
import styles from './category-rail.module.css';

const SKELETON_ENTRIES = 4;

interface CategoryRailProps {
  gender: Gender | null;
  selected: string;
  /** The link of a rail entry: the same URL with another category. */
  hrefFor: (category: string) => string;
}

/**
 * 'All Brands' and the top-level categories (000 §2.6); 'No categories' when there are none or
 * the call fails (000 §8).
 */
export function CategoryRail({ gender, selected, hrefFor }: CategoryRailProps) {
  const { data: categories = [], isPending } = useQuery(collectionQueries.categories());
  const names = topLevelNames(categories, gender);

  const entry = (name: string, label: string) => (
    <li key={name}>
      <Link
        to={hrefFor(name)}
        replace
        className={name === selected ? `${styles.entry} ${styles.selected}` : styles.entry}
        aria-current={name === selected ? 'page' : undefined}
      >
        {label}
      </Link>
    </li>
  );

  return (
    <nav className={styles.rail} aria-label="Categories">
      <ul className={styles.list}>
        {entry(BRANDS_CATEGORY, 'All Brands')}
        {isPending
          ? Array.from({ length: SKELETON_ENTRIES }, (_, index) => (
              <li key={index} className={styles.skeleton} aria-hidden="true">
                <Skeleton width="70%" height={12} />
              </li>
            ))
          : names.map((name) => entry(name, name))}
      </ul>
      {!isPending && names.length === 0 && <p className={styles.none}>No categories</p>}
    </nav>
  );
}
