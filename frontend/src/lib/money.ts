// Money in the browser: integer paise, exact parsing, the display-price rule and en-IN text.
// Mirrors the `pricing` crate; both are checked against testdata/vectors (see README there).

import { divideRoundHalfAwayFromZero, parseDecimal, rescale, type ScaledDecimal } from './decimal';
import type { PricedProduct } from './product';

/** An amount in paise (1/100 rupee). Always an integer. */
export type Paise = number;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function decimalFromNumber(value: number): ScaledDecimal | null {
  // String() gives the shortest text that round-trips, so 1299.95 stays 1299.95.
  return Number.isFinite(value) ? parseDecimal(String(value)) : null;
}

// After stripping: optional minus, digits with at most one decimal point. No exponent and no
// plus sign in text (testdata/vectors/price_parse.json).
const PRICE_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/u;

function decimalFromString(value: string): ScaledDecimal | null {
  // 001 §5: strip the rupee sign, commas and spaces.
  const stripped = value.replace(/[₹,\s]/gu, '');
  return PRICE_TEXT.test(stripped) ? parseDecimal(stripped) : null;
}

/** Reads a number, a numeric string or `{"$numberDecimal": ...}`; anything else is null. */
export function toDecimal(input: unknown): ScaledDecimal | null {
  if (typeof input === 'number') return decimalFromNumber(input);
  if (typeof input === 'string') return decimalFromString(input);
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    const keys = Object.keys(input);
    if (keys.length === 1 && keys[0] === '$numberDecimal') {
      const inner: unknown = (input as { $numberDecimal: unknown }).$numberDecimal;
      if (typeof inner === 'string') return decimalFromString(inner);
      if (typeof inner === 'number') return decimalFromNumber(inner);
    }
  }
  return null;
}

function toPaiseBig(input: unknown): bigint {
  const decimal = toDecimal(input);
  if (!decimal) return 0n;
  const paise = rescale(decimal, 2);
  return paise < 0n || paise > MAX_SAFE ? 0n : paise;
}

/**
 * Parses a price as a client or the database might send it (001 §5). Negative, non-finite and
 * non-numeric values are 0; more than two decimals round half away from zero to the paisa.
 */
export function parsePaise(input: unknown): Paise {
  return Number(toPaiseBig(input));
}

export type InrStyle = 'auto' | 'fixed2' | 'whole';

function groupEnIn(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}`;
}

/**
 * en-IN rupee text (000 §9): `auto` drops `.00`, `fixed2` always shows paise (product page),
 * `whole` rounds half up to whole rupees (deals).
 */
export function formatInr(paise: Paise, style: InrStyle = 'auto'): string {
  const amount = BigInt(Math.trunc(paise));
  const sign = amount < 0n ? '-' : '';
  const magnitude = amount < 0n ? -amount : amount;
  if (style === 'whole') {
    const rupees = divideRoundHalfAwayFromZero(magnitude, 100n);
    return `${rupees === 0n ? '' : sign}₹${groupEnIn(rupees.toString())}`;
  }
  const rupees = groupEnIn((magnitude / 100n).toString());
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  if (style === 'auto' && fraction === '00') return `${sign}₹${rupees}`;
  return `${sign}₹${rupees}.${fraction}`;
}

export type PriceSource = 'offer' | 'coupon' | 'none';

export interface DisplayPrice {
  source: PriceSource;
  originalPaise: Paise;
  finalPaise: Paise;
  discountPaise: Paise;
  /** Whole-number percentage for badges: round(discount / original * 100), 0 when none. */
  percentOff: number;
}

const HUNDRED = 100n;

interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

/** A percentage above 0 as an exact fraction of 1 (20 -> 20/100); null when it is not one. */
function percentFraction(input: unknown): Fraction | null {
  const decimal = toDecimal(input);
  if (!decimal || decimal.units <= 0n) return null;
  return { numerator: decimal.units, denominator: HUNDRED * 10n ** BigInt(decimal.scale) };
}

function result(source: PriceSource, original: bigint, final: bigint): DisplayPrice {
  const clampedFinal = final < 0n ? 0n : final > original ? original : final;
  const discount = original - clampedFinal;
  const percentOff = original === 0n ? 0n : divideRoundHalfAwayFromZero(discount * HUNDRED, original);
  return {
    source,
    originalPaise: Number(original),
    finalPaise: Number(clampedFinal),
    discountPaise: Number(discount),
    percentOff: Number(percentOff),
  };
}

/**
 * The price a product card shows (000 §4, 001 §5): an offer of more than 0 and at most 100
 * percent wins, then a currently valid coupon (a percentage also more than 0 and at most 100),
 * else the plain price.
 * Rounding follows testdata/vectors/price_display.json: an offer rounds the final price, a
 * percentage coupon rounds the discount (both half away from zero, to the paisa).
 */
export function displayPrice(product: PricedProduct): DisplayPrice {
  const original = toPaiseBig(product.price);

  const offer = percentFraction(product.offerPercentage);
  if (offer && offer.numerator <= offer.denominator) {
    const final = divideRoundHalfAwayFromZero(
      original * (offer.denominator - offer.numerator),
      offer.denominator,
    );
    return result('offer', original, final);
  }

  const coupon = product.assigned_coupon;
  if (coupon && coupon.is_currently_valid === true) {
    const type = String(coupon.discount_type).toLowerCase();
    if (type === 'percentage') {
      const percent = percentFraction(coupon.discount_value);
      if (percent && percent.numerator <= percent.denominator) {
        const cap = toPaiseBig(coupon.max_discount_amount); // 0 or missing: no cap
        let discount = divideRoundHalfAwayFromZero(original * percent.numerator, percent.denominator);
        if (cap > 0n && discount > cap) discount = cap;
        return result('coupon', original, original - discount);
      }
    } else if (type === 'fixed') {
      const amount = toPaiseBig(coupon.discount_value);
      if (amount > 0n) return result('coupon', original, original - amount);
    }
  }

  return result('none', original, original);
}
