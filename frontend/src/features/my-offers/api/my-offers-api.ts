import { api } from '@/api/client';
import type { Offer } from '@/api/checkout';
import { isRecord, unexpectedResponse } from '@/api/guards';

// The caller's usable coupons, docs/http-api.md "Checkout, payment and orders" > "Coupons"
// (`GET /api/offers/mine`, ours). Only My Offers reads them.

/**
 * A coupon (001 §3 Coupon/offer) with the server's plain-words conditions in `rules` ('On
 * orders of ₹999 or more', 'Once per shopper', ...: shown as the server words them).
 */
export type MyOffer = Offer & { rules: string[] };

export const myOfferKeys = {
  all: ['my-offers'] as const,
  /** One shopper's coupons: a sign-out never shows the last shopper's from the cache. */
  list: (userId: string) => [...myOfferKeys.all, 'list', userId] as const,
};

function isOffer(value: unknown): value is MyOffer {
  return (
    isRecord(value) &&
    typeof value._id === 'string' &&
    typeof value.coupon_code === 'string' &&
    Array.isArray(value.rules)
  );
}

/** GET /api/offers/mine: the coupons the caller can use now. */
export async function getMyOffers(signal?: AbortSignal): Promise<MyOffer[]> {
  const data = await api.get<unknown>('/offers/mine', { signal });
  if (!Array.isArray(data)) {
    throw unexpectedResponse();
  }
  return data.filter(isOffer);
}
