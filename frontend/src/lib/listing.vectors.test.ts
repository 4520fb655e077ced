import { describe, expect, it } from 'vitest';
import { loadVectors, vectorTitle, type VectorBase } from '@/testing/vectors';
import {
  brandMatches,
  dealMatches,
  dealsFilter,
  offerBounds,
  offerTitle,
  specialOfferBound,
  type DealsFilter,
  type PriceBounds,
} from './listing';

interface OfferVector extends VectorBase {
  offer: string | null;
  title: string;
  minPaise: number | null;
  maxPaise: number | null;
}

interface DealsVector extends VectorBase {
  discount: string | null;
  filter: DealsFilter;
  matches: number[];
  misses: number[];
}

interface BoundVector extends VectorBase {
  minPaise: number | null;
  maxPaise: number | null;
  bound: PriceBounds;
}

interface BrandSearchVector extends VectorBase {
  brand: string;
  search: string;
  matches: boolean;
}

describe('listing.json offers', () => {
  const { problem, vectors } = loadVectors<OfferVector>('listing.json', 'offers');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () => {
      expect(offerTitle(vector.offer)).toBe(vector.title);
      expect(offerBounds(vector.offer)).toEqual({
        minPaise: vector.minPaise,
        maxPaise: vector.maxPaise,
      });
    });
  }
});

describe('listing.json deals', () => {
  const { problem, vectors } = loadVectors<DealsVector>('listing.json', 'deals');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () => {
      const filter = dealsFilter(vector.discount);
      expect(filter).toBe(vector.filter);
      for (const offer of vector.matches) expect(dealMatches(filter, offer)).toBe(true);
      for (const offer of vector.misses) expect(dealMatches(filter, offer)).toBe(false);
    });
  }
});

describe('listing.json specialOfferBound', () => {
  const { problem, vectors } = loadVectors<BoundVector>('listing.json', 'specialOfferBound');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () =>
      expect(specialOfferBound(vector.minPaise, vector.maxPaise)).toEqual(vector.bound),
    );
  }
});

describe('listing.json brandSearch', () => {
  const { problem, vectors } = loadVectors<BrandSearchVector>('listing.json', 'brandSearch');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () =>
      expect(brandMatches(vector.brand, vector.search)).toBe(vector.matches),
    );
  }
});
