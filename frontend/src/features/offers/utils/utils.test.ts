import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { navyTee } from '@/testing/mocks/fixtures';
import { firstCategories, productCategoryName } from './categories';
import { offerErrorMessage } from './fetch-error';
import { hasFlatOrBuyOffer } from './offer-badge';
import { genderFromQuery, pricePaiseFromQuery } from './query-params';

describe('offer screen query values', () => {
  it.each([
    ['MAN', 'male'],
    ['WOMAN', 'female'],
    ['UNISEX', 'unisex'],
    ['male', 'male'],
    [' FEMALE ', 'female'],
    ['all', undefined],
    ['kids', undefined],
    [null, undefined],
  ])('gender %j is %j (000 §2.9)', (raw, gender) => expect(genderFromQuery(raw)).toBe(gender));

  it.each([
    ['2999', 299_900],
    ['₹2,999', 299_900],
    ['799.5', 79_950],
    ['0', null],
    ['-5', null],
    ['abc', null],
    ['', null],
    [null, null],
  ])('price %j is %j paise', (raw, paise) => expect(pricePaiseFromQuery(raw)).toBe(paise));
});

describe('category chips (000 §2.8, §2.10)', () => {
  it('names the subcategory, else the only category, in any wire shape', () => {
    expect(productCategoryName(navyTee)).toBe('Oversized T-shirt');
    expect(productCategoryName({ category: [{ _id: 'c', name: 'Bottomwear' }] })).toBe('Bottomwear');
    expect(productCategoryName({ category: { _id: 'c', name: 'Jeans' } })).toBe('Jeans');
    expect(productCategoryName({ category: 'Hoodies' })).toBe('Hoodies');
    expect(productCategoryName({ category: null })).toBeNull();
  });

  it('keeps the first distinct ones up to the maximum', () => {
    const named = (name: string) => ({ ...navyTee, category: name });
    const products = ['A', 'B', 'A', 'C', 'D'].map(named);
    expect(firstCategories(products, 3)).toEqual(['A', 'B', 'C']);
  });
});

describe("the 'OFFER' badge (000 §2.9)", () => {
  it.each([
    ['FLAT200', true],
    ['buy2get1', true],
    ['STYLE20', false],
  ])('%s: %s', (code, badge) => {
    const coupon = {
      coupon_code: code,
      discount_type: 'fixed' as const,
      discount_value: 200,
      max_discount_amount: null,
      is_currently_valid: true,
    };
    expect(hasFlatOrBuyOffer({ assigned_coupon: coupon })).toBe(badge);
  });

  it('needs a coupon', () => expect(hasFlatOrBuyOffer({ assigned_coupon: null })).toBe(false));
});

describe('offer page errors (000 §8)', () => {
  it('names an HTTP status without a known reason by its number', () => {
    expect(offerErrorMessage(new ApiError(418, 'HTTP_418', 'teapot'))).toBe(
      'Failed to fetch products: 418',
    );
  });

  it('treats anything else thrown as a network failure', () => {
    expect(offerErrorMessage(new TypeError('fetch failed'))).toBe(
      'Network error. Please check your connection and try again.',
    );
  });
});
