import type { Banner, BannerCategory, BannerDevice } from '@/api/admin-types';
import { HERO_MAX_BANNERS } from '@/components/ui/hero-banner';

/**
 * The banner form as typed: dates as the date inputs hold them (YYYY-MM-DD), which the server
 * reads as the start (or, for the end date, the end) of that day in UTC.
 */
export interface BannerDraft {
  title: string;
  category: BannerCategory;
  device: BannerDevice;
  tags: string;
  campaign: string;
  startDate: string;
  endDate: string;
  priority: string;
  isActive: boolean;
}

/** A stored time as the date input's day (UTC, as the server reads it), '' for none. */
export function dayOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

export function draftOf(banner: Banner | null): BannerDraft {
  return {
    title: banner?.title ?? '',
    category: banner?.category ?? 'hero',
    device: banner?.device ?? 'all',
    tags: banner?.tags.join(', ') ?? '',
    campaign: banner?.campaign ?? '',
    startDate: dayOf(banner?.displayPeriod.startDate),
    endDate: dayOf(banner?.displayPeriod.endDate),
    priority: String(banner?.priority ?? 0),
    isActive: banner?.isActive ?? true,
  };
}

/** Tags as the server keeps them: lower case, trimmed, no empties or repeats, comma-separated. */
export function normalTags(tags: string): string {
  return [
    ...new Set(
      tags
        .split(',')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].join(',');
}

/** Field errors of the draft, keyed by wire name. `hasFile`: an image is chosen or stored. */
export function bannerErrors(draft: BannerDraft, hasFile: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!hasFile) errors.file = 'Choose the banner image.';
  if (!draft.title.trim()) errors.title = 'Enter a title.';
  else if (draft.title.trim().length > 100) errors.title = 'At most 100 characters.';
  if (draft.campaign.trim().length > 60) errors.campaign = 'At most 60 characters.';
  const priority = Number(draft.priority);
  const blank = draft.priority.trim() === '';
  if (blank || !Number.isInteger(priority) || priority < 0 || priority > 1000) {
    errors.priority = 'A whole number from 0 to 1000.';
  }
  if (draft.startDate && draft.endDate && draft.endDate < draft.startDate) {
    errors.endDate = 'The end date is before the start date.';
  }
  const tags = normalTags(draft.tags).split(',').filter(Boolean);
  if (tags.some((tag) => !/^[a-z0-9_-]{1,40}$/.test(tag))) {
    errors.tags = 'Tags are letters, digits, - and _ (at most 40 each), separated by commas.';
  } else if (tags.length > 20) {
    errors.tags = 'At most 20 tags.';
  }
  return errors;
}

/** Whether a banner shows on a phone now: active, for phones, and within its period. */
export function showsOnPhone(banner: Banner, now: Date): boolean {
  const { startDate, endDate } = banner.displayPeriod;
  return (
    banner.isActive &&
    banner.device !== 'desktop' &&
    (!startDate || new Date(startDate) <= now) &&
    (!endDate || new Date(endDate) >= now)
  );
}

/** The home hero's three banners, highest priority first: `draft` among the live ones. */
export function heroLineUp<T extends { _id: string; priority: number }>(
  live: readonly T[],
  draft: T,
): T[] {
  return [...live.filter((banner) => banner._id !== draft._id), draft]
    .sort((a, b) => b.priority - a.priority)
    .slice(0, HERO_MAX_BANNERS);
}
