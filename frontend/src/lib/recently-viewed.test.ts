import { describe, expect, it } from 'vitest';
import { cargoPants, navyTee, plainShirt } from '@/testing/mocks/fixtures';
import type { Product } from './product';
import {
  readRecentlyViewed,
  recordRecentlyViewed,
  RECENTLY_VIEWED_KEY,
  RECENTLY_VIEWED_MAX,
} from './recently-viewed';

const product = (n: number): Product => ({ ...plainShirt, _id: `p${n}`, name: `Product ${n}` });
const ids = () => readRecentlyViewed().map((item) => item._id);

describe("recently viewed (000 §3, §9: 'recentlyViewed', max 5)", () => {
  it('starts empty', () => {
    expect(readRecentlyViewed()).toEqual([]);
  });

  it('keeps the most recent first under the key recentlyViewed', () => {
    recordRecentlyViewed(navyTee);
    recordRecentlyViewed(cargoPants);
    expect(ids()).toEqual([cargoPants._id, navyTee._id]);
    const stored = JSON.parse(window.localStorage.getItem(RECENTLY_VIEWED_KEY)!) as Product[];
    expect(stored[0]).toMatchObject({
      _id: cargoPants._id,
      name: cargoPants.name,
      price: cargoPants.price,
      images: cargoPants.images,
      brand: cargoPants.brand,
    });
  });

  it('moves a product seen again to the front instead of listing it twice', () => {
    recordRecentlyViewed(navyTee);
    recordRecentlyViewed(cargoPants);
    recordRecentlyViewed(navyTee);
    expect(ids()).toEqual([navyTee._id, cargoPants._id]);
  });

  it('keeps at most 5, dropping the oldest', () => {
    for (let n = 1; n <= 7; n += 1) recordRecentlyViewed(product(n));
    expect(RECENTLY_VIEWED_MAX).toBe(5);
    expect(ids()).toEqual(['p7', 'p6', 'p5', 'p4', 'p3']);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"_id": "p1"}'],
  ])('reads %s as empty', (_, raw) => {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, raw);
    expect(readRecentlyViewed()).toEqual([]);
  });

  it('skips entries without an id or a name', () => {
    window.localStorage.setItem(
      RECENTLY_VIEWED_KEY,
      JSON.stringify([{ _id: 'p1', name: 'Kept' }, { name: 'No id' }, null, 'p2']),
    );
    expect(ids()).toEqual(['p1']);
  });
});
