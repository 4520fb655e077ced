import { describe, expect, it } from 'vitest';
import { navyTee } from '@/testing/mocks/fixtures';
import { brandInitials, type Product, uniquePages } from './product';

const product = (id: string): Product => ({ ...navyTee, _id: id });

describe('uniquePages', () => {
  it('keeps each product once, in the order first seen', () => {
    const pages = [[product('a'), product('b')], [product('b'), product('c')], []];
    expect(uniquePages(pages).map((p) => p._id)).toEqual(['a', 'b', 'c']);
  });

  it('answers nothing for no pages', () => {
    expect(uniquePages([])).toEqual([]);
  });
});

describe('brandInitials', () => {
  it('takes the first letters of the first two words (000 §2.6)', () => {
    expect(brandInitials('Loom & Co')).toBe('LC');
    expect(brandInitials('Zari')).toBe('Z');
  });
});
