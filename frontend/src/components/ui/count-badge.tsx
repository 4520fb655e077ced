import { formatBadgeCount } from '@/lib/format-count';
import styles from './count-badge.module.css';

/** A small red count bubble; hidden at 0. The caller gives the accessible name elsewhere. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={[styles.badge, className].filter(Boolean).join(' ')} aria-hidden="true">
      {formatBadgeCount(count)}
    </span>
  );
}
