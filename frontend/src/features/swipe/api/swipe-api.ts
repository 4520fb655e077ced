// The swipe screen's calls (docs/http-api.md: "Swipes", "The swipe feed"). The feed is open to
// visitors; tracking and undo need the session cookie, which the API client sends.

import { api } from '@/api/client';
import { readProductList } from '@/api/catalogue';
import { unexpectedResponse } from '@/api/guards';
import type { Gender } from '@/api/catalogue-types';
import type { components } from '@/api/schema';
import type { Product } from '@/lib/product';

/** 001 §3: a swipe is a like or a dislike. */
export type SwipeAction = 'like' | 'dislike';

/** The filter sheet's choices; an empty list (or a null gender) means no filter. */
export interface FeedFilters {
  gender: Gender | null;
  brands: readonly string[];
  /** Category ids, top-level or sub: any of them. */
  categories: readonly string[];
  colors: readonly string[];
  sizes: readonly string[];
}

export interface FeedRequest {
  limit: number;
  /** Products the client holds or has swiped this visit. */
  exclude: readonly string[];
  filters: FeedFilters;
}

/** The colours and sizes the live catalogue offers (GET /products/feed/filters). */
export type FeedFilterChoices = components['schemas']['FeedFilters'];

/** What the screen knows about the device a swipe came from (000 §7). */
export interface DeviceInfo {
  userAgent: string;
  screen: { width: number; height: number };
}

/** POST /analytics/track-swipe's body; the session decides who swiped. */
export type SwipeEvent = Omit<
  components['schemas']['SwipeRequest'],
  'action' | 'sessionId' | 'deviceInfo' | 'userId'
> & {
  action: SwipeAction;
  sessionId: string;
  deviceInfo: DeviceInfo;
};

/** What DELETE /analytics/swipes/last reversed. */
export type UndoneSwipe = Omit<components['schemas']['Undone'], 'action' | 'restoredAction'> & {
  action: SwipeAction;
  /** The earlier verdict on the same product that came back, if the swipe had replaced one. */
  restoredAction: SwipeAction | null;
};

/** The API takes at most this many ids in `exclude` (docs/http-api.md, "The swipe feed"). */
export const FEED_EXCLUDE_MAX = 500;

/** Comma-separated, or left out of the query when empty. */
const listParam = (values: readonly string[]) => (values.length > 0 ? values.join(',') : undefined);

/**
 * GET /products/feed: the next cards, best first. An empty answer means everything matching
 * the filters has been seen. Only the newest ids fit in `exclude`; older ones were swiped long
 * ago (the server leaves out a signed-in shopper's swipes itself) or have left the stack.
 */
export async function getFeed(
  { limit, exclude, filters }: FeedRequest,
  signal?: AbortSignal,
): Promise<Product[]> {
  const data = await api.get<unknown>('/products/feed', {
    query: {
      limit,
      exclude: listParam(exclude.slice(-FEED_EXCLUDE_MAX)),
      gender: filters.gender ?? undefined,
      brands: listParam(filters.brands),
      categories: listParam(filters.categories),
      colors: listParam(filters.colors),
      sizes: listParam(filters.sizes),
    },
    signal,
  });
  return readProductList(data);
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** GET /products/feed/filters: the filter sheet's colours and sizes. */
export async function getFeedFilterChoices(signal?: AbortSignal): Promise<FeedFilterChoices> {
  const data = await api.get<{ colors?: unknown; sizes?: unknown }>('/products/feed/filters', {
    signal,
  });
  if (!isStringList(data?.colors) || !isStringList(data.sizes)) throw unexpectedResponse();
  return { colors: data.colors, sizes: data.sizes };
}

/** POST /analytics/track-swipe: stores the verdict; a like also adds to the curated list. */
export async function trackSwipe(event: SwipeEvent): Promise<void> {
  await api.post<unknown>('/analytics/track-swipe', event);
}

const isAction = (value: unknown): value is SwipeAction => value === 'like' || value === 'dislike';

function isUndone(value: unknown): value is UndoneSwipe {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, action } = value as { productId?: unknown; action?: unknown };
  return typeof productId === 'string' && isAction(action);
}

/**
 * DELETE /analytics/swipes/last: reverses the caller's latest swipe, answering
 * `{success, data: undone}`; 404 when there is none.
 */
export async function undoLastSwipe(): Promise<UndoneSwipe> {
  const answer = await api.delete<{ data?: unknown } | null>('/analytics/swipes/last');
  const undone = answer?.data;
  if (!isUndone(undone)) throw unexpectedResponse();
  return undone;
}
