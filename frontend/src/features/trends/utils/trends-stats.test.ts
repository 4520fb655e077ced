import { describe, expect, it } from 'vitest';
import { entryWithScore, trendingFixtures } from '@/testing/mocks/trends-handlers';
import { engagementPercent, formatCount, trendStats } from './trends-stats';

describe('the stats strip figures (000 §2.7)', () => {
  it('counts the entries and sums their swipes', () => {
    // 17 + 7 + 3 swipes.
    expect(trendStats(trendingFixtures)).toEqual({ count: 3, totalSwipes: 27 });
    expect(trendStats([])).toEqual({ count: 0, totalSwipes: 0 });
  });

  it('sums large counts exactly and groups them the Indian way', () => {
    const entries = [entryWithScore(1, 1), entryWithScore(2, 2)].map((entry, index) => ({
      ...entry,
      totalSwipes: index === 0 ? 99_999 : 1_00_001,
    }));
    expect(trendStats(entries).totalSwipes).toBe(2_00_000);
    expect(formatCount(2_00_000)).toBe('2,00,000');
    expect(formatCount(-4)).toBe('-4');
  });
});

describe('engagement rate as a percent (000 §3)', () => {
  it.each([
    [0.8235, '82%'],
    [1, '100%'],
    [0, '0%'],
    [0.5, '50%'],
    [0.005, '1%'],
    [1 / 3, '33%'],
  ])('%d is %s', (rate, text) => {
    expect(engagementPercent(rate)).toBe(text);
  });

  it('keeps an out-of-range rate between 0% and 100%', () => {
    expect(engagementPercent(1.2)).toBe('100%');
    expect(engagementPercent(-0.1)).toBe('0%');
  });
});
