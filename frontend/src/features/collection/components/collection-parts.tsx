import { EmptyState } from '@/components/ui/state-panel';
import styles from './collection-grid.module.css';

/** 000 §2.6: the empty states share one hint. */
export function CollectionEmpty({ title }: { title: string }) {
  return (
    <EmptyState
      title={title}
      hint="Try switching to a different category or tab"
      className={styles.empty}
    />
  );
}

/** The item count above a grid (000 §2.6). */
export function ItemCount({ count }: { count: number }) {
  return (
    <p className={styles.count} role="status">
      {count} {count === 1 ? 'item' : 'items'}
    </p>
  );
}
