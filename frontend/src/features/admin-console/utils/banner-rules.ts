import type { Banner, BannerCategory, BannerDevice } from '@/api/admin-types';

/** The banner form as typed: dates as the date inputs hold them (YYYY-MM-DD, local). */
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

/** A stored time as the date input's local day, '' for none. */
export function dayOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A day from the date input as an ISO time: its start, or (for an end date) its last second. */
export function isoOf(day: string, end = false): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
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
  else if (draft.title.trim().length > 120) errors.title = 'At most 120 characters.';
  const priority = Number(draft.priority);
  if (draft.priority.trim() === '' || !Number.isInteger(priority) || priority < 0 || priority > 1000) {
    errors.priority = 'A whole number from 0 to 1000.';
  }
  if (draft.startDate && draft.endDate && draft.endDate < draft.startDate) {
    errors.endDate = 'The end date is before the start date.';
  }
  if (normalTags(draft.tags).length > 500) errors.tags = 'At most 500 characters of tags.';
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
    .slice(0, 3);
}
