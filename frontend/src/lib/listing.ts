// Which products and brands a list shows: the Offers page's offer table, Hot Deals' discount
// filter, Special Offers' price bound and the brand search (000 §2.9-§2.10, §5). Mirrors the
// `listing` crate; both are checked against testdata/vectors/listing.json.

import type { OfferKind } from '@/api/catalogue';
import type { Paise } from './money';

/** Inclusive bounds on a plain price in paise; null is unbounded. */
export interface PriceBounds {
  minPaise: Paise | null;
  maxPaise: Paise | null;
}

const UNBOUNDED: PriceBounds = { minPaise: null, maxPaise: null };

interface OfferRule {
  title: string;
  bounds: PriceBounds;
}

/** 000 §2.9 titles and 000 §5 bounds: from ₹499, from ₹799, under ₹1,299, under ₹899. */
const OFFERS: Record<OfferKind, OfferRule> = {
  starting: { title: 'Products Starting at ₹499', bounds: { minPaise: 49_900, maxPaise: null } },
  'starting-women': {
    title: 'Products Starting at ₹799',
    bounds: { minPaise: 79_900, maxPaise: null },
  },
  under1299: { title: 'Everything Under ₹1,299', bounds: { minPaise: null, maxPaise: 129_900 } },
  under899: { title: 'Everything Under ₹899', bounds: { minPaise: null, maxPaise: 89_900 } },
};

/** The Offers page's title for any other offer value, or none (000 §2.9). */
export const DEFAULT_OFFER_TITLE = 'Special Offers';

/** One of the four offers, spelled exactly as 000 §2.9 lists them; anything else is null. */
export function parseOffer(offer: string | null): OfferKind | null {
  const name = offer?.trim();
  return name !== undefined && Object.hasOwn(OFFERS, name) ? (name as OfferKind) : null;
}

export function offerTitle(offer: string | null): string {
  const kind = parseOffer(offer);
  return kind ? OFFERS[kind].title : DEFAULT_OFFER_TITLE;
}

export function offerBounds(offer: string | null): PriceBounds {
  const kind = parseOffer(offer);
  return kind ? OFFERS[kind].bounds : UNBOUNDED;
}

export type DealsFilter = number | 'any';

// Like Rust's u8 parsing: digits with an optional leading plus, nothing else.
const WHOLE_NUMBER = /^\+?\d+$/u;

/**
 * Hot Deals' `discount` parameter (000 §5): a whole percentage from 1 to 100 filters on it;
 * absent, blank or anything else shows every deal ('any').
 */
export function dealsFilter(discount: string | null): DealsFilter {
  const text = discount?.trim() ?? '';
  if (!WHOLE_NUMBER.test(text)) return 'any';
  const percent = Number(text);
  return percent >= 1 && percent <= 100 ? percent : 'any';
}

/** 000 §5: exactly that offerPercentage, or any offer above 0. */
export function dealMatches(filter: DealsFilter, offerPercentage: number | null | undefined) {
  const offer = offerPercentage ?? 0;
  return filter === 'any' ? offer > 0 : offer === filter;
}

/** Special Offers' price filter (000 §5): the min bound is applied, else the max (not both). */
export function specialOfferBound(minPaise: Paise | null, maxPaise: Paise | null): PriceBounds {
  if (minPaise !== null) return { minPaise, maxPaise: null };
  if (maxPaise !== null) return { minPaise: null, maxPaise };
  return UNBOUNDED;
}

/** The brand search (000 §5): name contains the trimmed text, ignoring case; blank matches all. */
export function brandMatches(name: string, search: string): boolean {
  const text = search.trim().toLowerCase();
  return text === '' || name.toLowerCase().includes(text);
}
