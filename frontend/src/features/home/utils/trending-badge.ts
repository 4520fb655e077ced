import { ENGAGEMENT_HOT, ENGAGEMENT_RISING } from '@/config/app';

export type HomeTrendingBadge = 'HOT' | 'RISING' | 'LIKED' | 'NEW';

/**
 * The badge of a home trending card by its engagementScore (000 §4): 10 or more HOT, 5 to under
 * 10 RISING, 0 to under 5 LIKED, negative NEW. A product without a score is NEW.
 */
export function homeTrendingBadge(engagementScore?: number | null): HomeTrendingBadge {
  if (typeof engagementScore !== 'number' || !Number.isFinite(engagementScore)) return 'NEW';
  if (engagementScore >= ENGAGEMENT_HOT) return 'HOT';
  if (engagementScore >= ENGAGEMENT_RISING) return 'RISING';
  if (engagementScore >= 0) return 'LIKED';
  return 'NEW';
}
