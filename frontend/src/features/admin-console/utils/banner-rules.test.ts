import { describe, expect, it } from 'vitest';
import { bannerErrors, draftOf, heroLineUp, normalTags, showsOnPhone } from './banner-rules';
import type { Banner } from '@/api/admin-types';

const banner = (overrides: Partial<Banner>): Banner => ({
  _id: 'x',
  title: 'x',
  url: '/x.jpg',
  srcset: '',
  category: 'hero',
  device: 'all',
  tags: [],
  campaign: '',
  displayPeriod: { startDate: null, endDate: null },
  priority: 0,
  isActive: true,
  version: 1,
  ...overrides,
});

describe('banner rules', () => {
  it('needs an image, a title, a whole priority and an end after the start', () => {
    const draft = { ...draftOf(null), priority: '1.5', startDate: '2026-12-10', endDate: '2026-12-01' };
    expect(bannerErrors(draft, false)).toEqual({
      file: 'Choose the banner image.',
      title: 'Enter a title.',
      priority: 'A whole number from 0 to 1000.',
      endDate: 'The end date is before the start date.',
    });
    expect(bannerErrors({ ...draftOf(null), title: 'Sale' }, true)).toEqual({});
  });

  it('keeps tags lower case without repeats', () => {
    expect(normalTags(' Sale, diwali ,sale,, ')).toBe('sale,diwali');
  });

  it('takes tags of letters, digits, - and _ only', () => {
    const draft = { ...draftOf(null), title: 'Sale' };
    expect(bannerErrors({ ...draft, tags: 'diwali-2026, new_in' }, true)).toEqual({});
    expect(bannerErrors({ ...draft, tags: 'summer sale' }, true).tags).toMatch(/letters, digits/);
  });

  it('shows on a phone when active, not desktop-only and in its period', () => {
    const now = new Date('2026-11-28T08:00:00Z');
    expect(showsOnPhone(banner({}), now)).toBe(true);
    expect(showsOnPhone(banner({ device: 'desktop' }), now)).toBe(false);
    expect(showsOnPhone(banner({ isActive: false }), now)).toBe(false);
    expect(
      showsOnPhone(banner({ displayPeriod: { startDate: '2026-12-01T00:00:00Z', endDate: null } }), now),
    ).toBe(false);
  });

  it('lines the draft up among the live banners by priority, three at most', () => {
    const live = [banner({ _id: 'a', priority: 9 }), banner({ _id: 'b', priority: 1 }), banner({ _id: 'c', priority: 5 })];
    expect(heroLineUp(live, banner({ _id: 'new', priority: 7 })).map((b) => b._id)).toEqual([
      'a',
      'new',
      'c',
    ]);
    expect(heroLineUp(live, banner({ _id: 'b', priority: 10 })).map((b) => b._id)).toEqual([
      'b',
      'a',
      'c',
    ]);
  });
});
