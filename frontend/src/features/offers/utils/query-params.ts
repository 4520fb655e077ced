// Reading the offer screens' query strings (000 §2.8-§2.10), which come from links and may hold
// anything: what cannot be used is left out rather than sent to the API.

import type { Gender } from '@/api/catalogue-types';
import { parsePaise, type Paise } from '@/lib/money';

const HOME_GENDER_KEYS: Record<string, Gender> = { MAN: 'male', WOMAN: 'female' };
const GENDERS: readonly string[] = ['male', 'female', 'unisex'] satisfies Gender[];

/**
 * 000 §2.9: gender is MAN, WOMAN, UNISEX (home's tab keys) or another value, lowercased. A value
 * that is still no gender the API knows means no filter.
 */
export function genderFromQuery(raw: string | null): Gender | undefined {
  const text = raw?.trim() ?? '';
  const gender = HOME_GENDER_KEYS[text.toUpperCase()] ?? text.toLowerCase();
  return GENDERS.includes(gender) ? (gender as Gender) : undefined;
}

/** A price in rupees ('2999', '₹2,999') as paise; blank, zero or garbage is no bound. */
export function pricePaiseFromQuery(raw: string | null): Paise | null {
  if (raw === null || raw.trim() === '') return null;
  const paise = parsePaise(raw);
  return paise > 0 ? paise : null;
}

/** The API's price parameters are rupees. */
export const paiseToRupees = (paise: Paise | null) => (paise === null ? undefined : paise / 100);
