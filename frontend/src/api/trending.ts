// The trending call (docs/http-api.md, "Trending") and the 'trendingUpdated' event (000 §4).
// They live in src/api, not in features/trends, because home's carousel asks for trending too
// and the swipe screen announces new swipes, and features never import each other
// (eslint/boundaries.js).

import { api } from './client';
import { isRecord, unexpectedResponse } from './guards';
import type { Product } from '@/lib/product';

/** The windows a trending list covers (000 §7): the last 24 hours, 7 days or 30 days. */
export type TimeWindow = '24h' | '7d' | '30d';

/** The `gender` query: men, women or unisex products (000 §2.7, §7). */
export type TrendGender = 'M' | 'W' | 'U';

/** One ranked product of a window (000 §3); `product` is a slim product, enough for a card. */
export interface TrendingEntry {
  _id: string;
  /** 1 for the first. */
  rank: number;
  product: Product;
  likes: number;
  dislikes: number;
  totalSwipes: number;
  /** Net likes: likes minus dislikes; negative when more shoppers skipped it. */
  engagementScore: number;
  /** Share of likes, 0 to 1. */
  engagementRate: number;
}

export interface TrendingParams {
  timeWindow: TimeWindow;
  /** 1 to 100; applied after the gender filter. */
  limit: number;
  /** Omitted: every product. */
  gender?: TrendGender;
}

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * An entry the screens can show, or null. Every card keys and links by the product's id, so an
 * entry without one is dropped; a missing count reads as 0, a missing rank as its place.
 */
function readEntry(value: unknown, index: number): TrendingEntry | null {
  if (!isRecord(value) || !isRecord(value.product)) return null;
  const product = value.product as unknown as Product;
  if (typeof product._id !== 'string' || typeof product.name !== 'string') return null;
  return {
    _id: typeof value._id === 'string' ? value._id : product._id,
    rank: numberOr(value.rank, index + 1),
    product,
    likes: numberOr(value.likes, 0),
    dislikes: numberOr(value.dislikes, 0),
    totalSwipes: numberOr(value.totalSwipes, 0),
    engagementScore: numberOr(value.engagementScore, 0),
    engagementRate: numberOr(value.engagementRate, 0),
  };
}

/**
 * GET /analytics/trending-products: the window's most-liked products, best first, answered as
 * `{success, data: {trendingProducts: [...]}}`.
 */
export async function getTrendingProducts(
  { timeWindow, limit, gender }: TrendingParams,
  signal?: AbortSignal,
): Promise<TrendingEntry[]> {
  const answer = await api.get<unknown>('/analytics/trending-products', {
    query: { timeWindow, limit, gender },
    signal,
  });
  const list = isRecord(answer) && isRecord(answer.data) ? answer.data.trendingProducts : null;
  if (!Array.isArray(list)) {
    throw unexpectedResponse();
  }
  return list
    .map((entry, index) => readEntry(entry, index))
    .filter((entry): entry is TrendingEntry => entry !== null);
}

/** The global event that tells trending lists to refresh (000 §4). */
export const TRENDING_UPDATED_EVENT = 'trendingUpdated';

/** Tells every trending list on screen that the counts changed: the swipe screen calls it. */
export function announceTrendingUpdated(): void {
  window.dispatchEvent(new Event(TRENDING_UPDATED_EVENT));
}

/** Runs `listener` on every 'trendingUpdated'; answers a function that stops it. */
export function onTrendingUpdated(listener: () => void): () => void {
  window.addEventListener(TRENDING_UPDATED_EVENT, listener);
  return () => window.removeEventListener(TRENDING_UPDATED_EVENT, listener);
}
