import { describe, expect, it } from 'vitest';
import { splashMoment } from './splash-phases';

describe('the second splash variant (000 §2.1, §9)', () => {
  it.each([
    [0, { phase: 0, fading: false, done: false }],
    [799, { phase: 0, fading: false, done: false }],
    [800, { phase: 1, fading: false, done: false }],
    [1600, { phase: 2, fading: false, done: false }],
    [2199, { phase: 2, fading: false, done: false }],
    // The fade is the last 800 ms: from 2200 ms.
    [2200, { phase: 2, fading: true, done: false }],
    [2400, { phase: 3, fading: true, done: false }],
    [2999, { phase: 3, fading: true, done: false }],
    [3000, { phase: 3, fading: true, done: true }],
  ])('at %i ms of 3000', (elapsed, moment) => {
    expect(splashMoment(elapsed)).toEqual(moment);
  });

  it('keeps the rhythm of its phases for another duration', () => {
    expect(splashMoment(1600, 6000)).toEqual({ phase: 1, fading: false, done: false });
    expect(splashMoment(5200, 6000)).toEqual({ phase: 3, fading: true, done: false });
  });
});
