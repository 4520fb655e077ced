import type { TabOption } from '@/components/ui/option-tabs';
import type { TimeWindow, TrendGender } from '@/api/trending';

/** Gender tabs MEN / WOMEN / UNISEX with keys M, W, U; MEN first (000 §2.7). */
export const TREND_GENDERS: readonly TabOption<TrendGender>[] = [
  { key: 'M', label: 'MEN' },
  { key: 'W', label: 'WOMEN' },
  { key: 'U', label: 'UNISEX' },
];
export const DEFAULT_TREND_GENDER: TrendGender = 'M';

/** Time-frame tabs 24H / 7D / 30D; 7D first chosen (000 §2.7). */
export const TIME_FRAMES: readonly TabOption<TimeWindow>[] = [
  { key: '24h', label: '24H' },
  { key: '7d', label: '7D' },
  { key: '30d', label: '30D' },
];
export const DEFAULT_TIME_WINDOW: TimeWindow = '7d';

/** The stats strip's name of a window (000 §2.7), as the trending crate's window.rs has it. */
export const TIME_WINDOW_LABELS: Record<TimeWindow, string> = {
  '24h': 'Today',
  '7d': 'Week',
  '30d': 'Month',
};

/** A promo card of the banner; `tone` picks its colours when its picture is missing. */
export interface TrendBanner {
  title: string;
  /** Our words: the requirements name only the titles and the periods they set. */
  tagline: string;
  timeWindow: TimeWindow;
  tone: 'now' | 'hot' | 'viral';
}

/** TRENDING NOW sets 7d, HOT PICKS 24h, VIRAL STYLES 30d (000 §2.7). */
export const TREND_BANNERS: readonly TrendBanner[] = [
  {
    title: 'TRENDING NOW',
    tagline: 'What everyone is swiping this week',
    timeWindow: '7d',
    tone: 'now',
  },
  { title: 'HOT PICKS', tagline: "Today's most-liked styles", timeWindow: '24h', tone: 'hot' },
  {
    title: 'VIRAL STYLES',
    tagline: "The month's breakout looks",
    timeWindow: '30d',
    tone: 'viral',
  },
];
