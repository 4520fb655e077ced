import { describe, expect, it } from 'vitest';
import { homeTrendingBadge } from './trending-badge';

describe('home trending badge by engagementScore (000 §4)', () => {
  it.each([
    [25, 'HOT'],
    [10, 'HOT'],
    [9.99, 'RISING'],
    [5, 'RISING'],
    [4.5, 'LIKED'],
    [0, 'LIKED'],
    [-0.1, 'NEW'],
    [-3, 'NEW'],
  ])('%d is %s', (score, badge) => {
    expect(homeTrendingBadge(score)).toBe(badge);
  });

  it('calls a product without a score NEW', () => {
    expect(homeTrendingBadge()).toBe('NEW');
    expect(homeTrendingBadge(null)).toBe('NEW');
    expect(homeTrendingBadge(Number.NaN)).toBe('NEW');
  });
});
