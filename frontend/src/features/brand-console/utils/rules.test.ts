import { describe, expect, it } from 'vitest';
import { couponInput, emptyCoupon, validateCoupon } from './coupon-rules';
import { emptyForm, toInput, validateProduct } from './product-rules';

const valid = () => ({
  ...emptyForm(),
  name: 'Kurta',
  price: '1,299.50',
  category: 'c1, c2',
  sizes: ['S', 'M'],
  stock: { S: '4' },
});

describe('product rules', () => {
  it('accepts a complete product and sends wire values', () => {
    expect(validateProduct(valid())).toEqual({});
    const input = toInput(valid());
    expect(input.price).toBe('1299.50');
    expect(input.category).toEqual(['c1', 'c2']);
    expect(input.stock).toEqual({ S: 4, M: 0 });
  });

  it.each([
    ['name', { name: ' ' }],
    ['name', { name: 'x'.repeat(121) }],
    ['price', { price: '0' }],
    ['price', { price: '1.234' }],
    ['price', { price: '1000001' }],
    ['category', { category: '' }],
    ['category', { category: 'a,b,c,d,e,f' }],
    ['sizes', { sizes: [] }],
    ['stock.S', { stock: { S: '1.5' } }],
    ['stock.S', { stock: { S: '100001' } }],
    ['offerPercentage', { offerPercentage: '91' }],
  ])('names %s', (field, change) => {
    expect(validateProduct({ ...valid(), ...change })).toHaveProperty([field]);
  });
});

describe('coupon rules', () => {
  const coupon = () => ({ ...emptyCoupon(), coupon_code: 'save10', title: 'Ten', discount_value: '10' });

  it('accepts a coupon and sends nulls for empty limits', () => {
    expect(validateCoupon(coupon())).toEqual({});
    const input = couponInput(coupon());
    expect(input.coupon_code).toBe('SAVE10');
    expect(input.usage_limit).toBeNull();
    expect(input.max_discount_amount).toBeNull();
  });

  it.each([
    ['coupon_code', { coupon_code: 'a b' }],
    ['discount_value', { discount_value: '101' }],
    ['discount_value', { discount_value: '0' }],
    ['usage_limit', { usage_limit: '0' }],
    ['per_user_limit', { per_user_limit: '1.5' }],
    ['valid_until', { valid_from: '2026-12-02', valid_until: '2026-12-01' }],
  ])('names %s', (field, change) => {
    expect(validateCoupon({ ...coupon(), ...change })).toHaveProperty([field]);
  });
});
