import type { TimeWindow, TrendingEntry } from '@/api/trending';
import { TIME_WINDOW_LABELS } from '../utils/trends-options';
import { formatCount, trendStats } from '../utils/trends-stats';
import styles from './trends-stats.module.css';

/** The stats strip (000 §2.7): trending items, their swipes together, and the window's name. */
export function TrendsStats({
  entries,
  timeWindow,
}: {
  entries: readonly TrendingEntry[];
  timeWindow: TimeWindow;
}) {
  const { count, totalSwipes } = trendStats(entries);
  const stats = [
    { label: 'Trending', value: formatCount(count) },
    { label: 'Total Swipes', value: formatCount(totalSwipes) },
    { label: 'Time Frame', value: TIME_WINDOW_LABELS[timeWindow] },
  ];
  return (
    <dl className={styles.strip} aria-label="Trend stats">
      {stats.map((stat) => (
        <div key={stat.label} className={styles.stat}>
          <dt className={styles.label}>{stat.label}</dt>
          <dd className={styles.value}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
