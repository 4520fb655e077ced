// Exact decimal arithmetic on strings, so money never goes through binary floats.
// Amounts are carried as BigInt numbers of 1/10^scale units.

export interface ScaledDecimal {
  /** Value in units of 10^-scale. */
  units: bigint;
  scale: number;
}

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses a plain or exponent-notation decimal string exactly; null when it is not one. */
export function parseDecimal(text: string): ScaledDecimal | null {
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign = '', intPart = '', fracPart = '', exponentText = '0'] = match;
  if (intPart === '' && fracPart === '') return null;
  const exponent = Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return null;
  let digits = `${intPart}${fracPart}`.replace(/^0+(?=\d)/, '');
  let scale = fracPart.length - exponent;
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  const magnitude = BigInt(digits === '' ? '0' : digits);
  return { units: sign === '-' ? -magnitude : magnitude, scale };
}

/** Divides and rounds half away from zero. `divisor` must be positive. */
export function divideRoundHalfAwayFromZero(dividend: bigint, divisor: bigint): bigint {
  const negative = dividend < 0n;
  const magnitude = negative ? -dividend : dividend;
  // floor(m / d + 1/2), exact for any positive divisor.
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return negative ? -rounded : rounded;
}

/** Rescales to `targetScale` decimal places, rounding half away from zero. */
export function rescale(value: ScaledDecimal, targetScale: number): bigint {
  if (value.scale <= targetScale) return value.units * 10n ** BigInt(targetScale - value.scale);
  return divideRoundHalfAwayFromZero(value.units, 10n ** BigInt(value.scale - targetScale));
}
