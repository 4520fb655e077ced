// The shopper's recently viewed products (000 §3, §9; 001 §9): kept in localStorage under
// 'recentlyViewed', most recent first, at most 5, one entry per product. The product page
// records, the search screen reads.

import type { Product } from './product';

export const RECENTLY_VIEWED_KEY = 'recentlyViewed';
/** 000 §9: recently viewed maximum 5. */
export const RECENTLY_VIEWED_MAX = 5;

/** What a recently viewed entry keeps: enough to draw a product card and link to it. */
export type RecentlyViewedProduct = Pick<
  Product,
  '_id' | 'name' | 'price' | 'currency' | 'offerPercentage' | 'images' | 'brand' | 'assigned_coupon'
>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage can be blocked (private mode, policies): run without it.
  }
}

function isEntry(value: unknown): value is RecentlyViewedProduct {
  if (typeof value !== 'object' || value === null) return false;
  const { _id, name } = value as { _id?: unknown; name?: unknown };
  return typeof _id === 'string' && typeof name === 'string';
}

/** The stored list, newest first; anything unreadable counts as empty. */
export function readRecentlyViewed(): RecentlyViewedProduct[] {
  const raw = storage()?.getItem(RECENTLY_VIEWED_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, RECENTLY_VIEWED_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts `product` first, drops its older entry and anything past the fifth; returns the list. */
export function recordRecentlyViewed(product: Product): RecentlyViewedProduct[] {
  const entry: RecentlyViewedProduct = {
    _id: product._id,
    name: product.name,
    price: product.price,
    currency: product.currency,
    offerPercentage: product.offerPercentage,
    images: product.images,
    brand: product.brand,
    assigned_coupon: product.assigned_coupon,
  };
  const list = [entry, ...readRecentlyViewed().filter((item) => item._id !== product._id)].slice(
    0,
    RECENTLY_VIEWED_MAX,
  );
  try {
    storage()?.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(list));
  } catch {
    // A full or blocked storage only means the list is not remembered.
  }
  return list;
}
