import { describe, expect, it } from 'vitest';
import { loadVectors, vectorTitle, type VectorBase } from '@/testing/vectors';
import { bagItemRemoved, cardOutcome, clampBagDrag, shouldPrefetchFeed } from './swipe';

type SwipeVector = VectorBase &
  (
    | { kind: 'card'; offset: number; velocity: number; expected: string }
    | { kind: 'bag_remove'; offset: number; expected: 'remove' | 'stay' }
    | { kind: 'bag_drag'; offset: number; expected: number }
    | { kind: 'feed_prefetch'; remaining: number; expected: boolean }
  );

function run(vector: SwipeVector): unknown {
  switch (vector.kind) {
    case 'card':
      return cardOutcome(vector.offset, vector.velocity);
    case 'bag_remove':
      return bagItemRemoved(vector.offset) ? 'remove' : 'stay';
    case 'bag_drag':
      return clampBagDrag(vector.offset);
    case 'feed_prefetch':
      return shouldPrefetchFeed(vector.remaining);
    default:
      throw new Error(`unknown kind ${String((vector as { kind: unknown }).kind)}`);
  }
}

describe('swipe.json', () => {
  const { problem, vectors } = loadVectors<SwipeVector>('swipe.json');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(`${vector.kind} ${vectorTitle(vector)}`, () => expect(run(vector)).toBe(vector.expected));
  }
});
