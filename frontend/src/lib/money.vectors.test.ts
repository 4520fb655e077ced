import { describe, expect, it } from 'vitest';
import { loadVectors, vectorTitle, type VectorBase } from '@/testing/vectors';
import { displayPrice, formatInr, parsePaise, type InrStyle } from './money';
import type { PricedProduct } from './product';

interface PriceParseVector extends VectorBase {
  input: unknown;
  paise: number;
}

interface InrFormatVector extends VectorBase {
  paise: number;
  style: InrStyle;
  text: string;
}

interface PriceDisplayVector extends VectorBase {
  product: PricedProduct;
  expected: {
    source: string;
    original_paise: number;
    final_paise: number;
    discount_paise: number;
    percent_off: number;
  };
}

describe('price_parse.json', () => {
  const { problem, vectors } = loadVectors<PriceParseVector>('price_parse.json');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () => expect(parsePaise(vector.input)).toBe(vector.paise));
  }
});

describe('inr_format.json', () => {
  const { problem, vectors } = loadVectors<InrFormatVector>('inr_format.json');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () => expect(formatInr(vector.paise, vector.style)).toBe(vector.text));
  }
});

describe('price_display.json', () => {
  const { problem, vectors } = loadVectors<PriceDisplayVector>('price_display.json');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () => {
      const price = displayPrice(vector.product);
      expect({
        source: price.source,
        original_paise: price.originalPaise,
        final_paise: price.finalPaise,
        discount_paise: price.discountPaise,
        percent_off: price.percentOff,
      }).toEqual(vector.expected);
    });
  }
});
