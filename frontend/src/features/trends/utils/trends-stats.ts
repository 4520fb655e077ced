import type { TrendingEntry } from '@/api/trending';

const counts = new Intl.NumberFormat('en-IN');

/** A count with en-IN grouping: 1,23,456 (000 §1). */
export const formatCount = (value: number): string => counts.format(value);

/** The stats strip's figures (000 §2.7): how many products trend, and their swipes together. */
export function trendStats(entries: readonly TrendingEntry[]): {
  count: number;
  totalSwipes: number;
} {
  return {
    count: entries.length,
    totalSwipes: entries.reduce((sum, entry) => sum + entry.totalSwipes, 0),
  };
}

/** engagementRate, a share from 0 to 1, as a whole percentage: 0.8235 is '82%' (000 §3). */
export function engagementPercent(rate: number): string {
  const share = Math.min(1, Math.max(0, rate));
  return `${Math.round(share * 100)}%`;
}
