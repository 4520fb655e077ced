import { BADGE_CAP } from '@/config/app';

/** Badge text: the count, or '99+' above the cap (000 §2.2, §9). */
export function formatBadgeCount(count: number, cap = BADGE_CAP): string {
  return count > cap ? `${cap}+` : String(count);
}
