import { describe, expect, it } from 'vitest';
import { trendsBadge } from './trends-badge';

describe('Trends screen badge by engagementScore (000 §4, trending crate TrendsBadge)', () => {
  it.each([
    [25, 'VIRAL'],
    [10, 'VIRAL'],
    [9, 'HOT'],
    [5, 'HOT'],
    [4, 'TRENDING'],
    [0, 'TRENDING'],
    [-1, 'NEW'],
    [-12, 'NEW'],
  ])('%d is %s', (score, badge) => {
    expect(trendsBadge(score)).toBe(badge);
  });
});
