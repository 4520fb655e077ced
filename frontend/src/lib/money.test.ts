import { describe, expect, it } from 'vitest';
import { displayPrice, formatInr, parsePaise } from './money';

// Hand-written cases beside the shared vectors: the awkward corners of exact decimal money.
describe('parsePaise', () => {
  it.each([
    [1299, 129900],
    ['1299.00', 129900],
    ['₹1,299.50', 129950],
    [' 1 299 ', 129900],
    [{ $numberDecimal: '1299.00' }, 129900],
    [0.1 + 0.2, 30], // 0.30000000000000004 rounds to 30 paise, no drift
    [1.005, 101], // half away from zero on the decimal text, not the binary float
    ['1.004', 100],
    ['2.675', 268],
    ['1e3', 0], // exponent only in numbers, never in text
    [1e3, 100000],
    ['+5', 0],
    [-5, 0],
    ['abc', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [[1], 0],
    [{ amount: 5 }, 0],
    [true, 0],
  ])('%j -> %i paise', (input, paise) => expect(parsePaise(input)).toBe(paise));
});

describe('formatInr', () => {
  it.each([
    [0, 'auto', '₹0'],
    [129900, 'auto', '₹1,299'],
    [129950, 'auto', '₹1,299.50'],
    [10000000, 'auto', '₹1,00,000'],
    [1234567890, 'auto', '₹1,23,45,678.90'],
    [129900, 'fixed2', '₹1,299.00'],
    [129950, 'whole', '₹1,300'],
    [129949, 'whole', '₹1,299'],
    [-129900, 'auto', '-₹1,299'],
  ] as const)('%i paise as %s -> %s', (paise, style, text) =>
    expect(formatInr(paise, style)).toBe(text),
  );
});

describe('displayPrice', () => {
  const coupon = (overrides: object) => ({
    coupon_code: 'C',
    discount_type: 'percentage' as const,
    discount_value: 10,
    max_discount_amount: null,
    is_currently_valid: true,
    ...overrides,
  });

  it('applies an offer percentage and rounds once', () => {
    expect(displayPrice({ price: { $numberDecimal: '1299.00' }, offerPercentage: 20 })).toEqual({
      source: 'offer',
      originalPaise: 129900,
      finalPaise: 103920,
      discountPaise: 25980,
      percentOff: 20,
    });
  });

  it('lets an offer win over a coupon', () => {
    const price = displayPrice({
      price: 1000,
      offerPercentage: 10,
      assigned_coupon: coupon({ discount_type: 'fixed', discount_value: 500 }),
    });
    expect(price.source).toBe('offer');
    expect(price.finalPaise).toBe(90000);
  });

  it('caps a percentage coupon at max_discount_amount', () => {
    const price = displayPrice({
      price: 2000,
      assigned_coupon: coupon({ discount_value: 50, max_discount_amount: { $numberDecimal: '300' } }),
    });
    expect(price).toMatchObject({ source: 'coupon', finalPaise: 170000, discountPaise: 30000 });
  });

  it('caps a fixed coupon at the price', () => {
    const price = displayPrice({
      price: 150,
      assigned_coupon: coupon({ discount_type: 'fixed', discount_value: 200 }),
    });
    expect(price).toMatchObject({ source: 'coupon', finalPaise: 0, percentOff: 100 });
  });

  it('ignores a coupon that is not currently valid', () => {
    const price = displayPrice({ price: 500, assigned_coupon: coupon({ is_currently_valid: false }) });
    expect(price).toMatchObject({ source: 'none', finalPaise: 50000, percentOff: 0 });
  });
});
