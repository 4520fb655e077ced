import { ENGAGEMENT_HOT, ENGAGEMENT_RISING } from '@/config/app';

export type TrendsBadge = 'VIRAL' | 'HOT' | 'TRENDING' | 'NEW';

/**
 * The badge of a Trends screen card by its engagementScore (000 §4), as the trending crate's
 * TrendsBadge::for_score: 10 or more VIRAL, 5 or more HOT, 0 or more TRENDING, below 0 NEW.
 */
export function trendsBadge(engagementScore: number): TrendsBadge {
  if (engagementScore >= ENGAGEMENT_HOT) return 'VIRAL';
  if (engagementScore >= ENGAGEMENT_RISING) return 'HOT';
  if (engagementScore >= 0) return 'TRENDING';
  return 'NEW';
}
