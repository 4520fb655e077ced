import { api } from '@/api/client';
import { unexpectedResponse } from '@/api/guards';
import type { CouponDiscountType, WireDecimal } from '@/lib/product';

// The caller's usable coupons, docs/http-api.md "Checkout, payment and orders" > "Coupons"
// (`GET /api/offers/mine`, ours). Only My Offers reads them.

/** A coupon (001 §3 Coupon/offer) with the server's plain-words conditions. */
export interface MyOffer {
  _id: string;
  title: string;
  coupon_code: string;
  discount_type: CouponDiscountType;
  discount_value: WireDecimal;
  max_discount_amount?: WireDecimal | null;
  min_order_value?: WireDecimal | null;
  is_active?: boolean;
  is_currently_valid?: boolean;
  /** 'On orders of ₹999 or more', 'Once per shopper', ...: shown as the server words them. */
  rules: string[];
}

export const myOfferKeys = {
  all: ['my-offers'] as const,
  /** One shopper's coupons: a sign-out never shows the last shopper's from the cache. */
  list: (userId: string) => [...myOfferKeys.all, 'list', userId] as const,
};

function isOffer(value: unknown): value is MyOffer {
  if (typeof value !== 'object' || value === null) return false;
  const offer = value as Partial<Record<keyof MyOffer, unknown>>;
  return (
    typeof offer._id === 'string' &&
    typeof offer.coupon_code === 'string' &&
    Array.isArray(offer.rules)
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
