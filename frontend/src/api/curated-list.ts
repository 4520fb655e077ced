// The curated list (wishlist) calls, docs/http-api.md "Curated list". They live in src/api, not in
// features/curated-list, because the header's heart and every product card's heart read the
// same list, and shared code never imports a feature (eslint/boundaries.js). The swipe screen
// invalidates `curatedListKeys.all` after a like, which adds to this list on the server.

import type { QueryClient } from '@tanstack/react-query';
import { api, ApiError } from './client';
import { hasId, unexpectedResponse } from './guards';
import type { components } from './schema';

type Schemas = components['schemas'];

/** One saved product (001 §3): `_id` is the product id; `category` names, top level first. */
export type CuratedListEntry = Schemas['Entry'];

export const curatedListKeys = {
  all: ['curated-list'] as const,
  /** One shopper's list: a sign-out never shows the last shopper's entries from the cache. */
  list: (userId: string) => [...curatedListKeys.all, 'list', userId] as const,
  /** Every add or remove, whoever started it, so a product's busy flag is the same everywhere. */
  changes: () => [...curatedListKeys.all, 'change'] as const,
};

const segment = encodeURIComponent;

const isEntry = (value: unknown): value is CuratedListEntry => hasId(value);

/** GET /curated-list: the caller's entries, newest first. */
export async function getCuratedList(signal?: AbortSignal): Promise<CuratedListEntry[]> {
  const data = await api.get<unknown>('/curated-list', { signal });
  if (!Array.isArray(data)) {
    throw unexpectedResponse();
  }
  return data.filter(isEntry);
}

/** POST /curated-list: 201 with the new entry, 200 with it when it was there already. */
export async function addToCuratedList(productId: string): Promise<CuratedListEntry> {
  const entry = await api.post<unknown>('/curated-list', { productId });
  if (!isEntry(entry)) {
    throw unexpectedResponse();
  }
  return entry;
}

/**
 * DELETE /curated-list/{productId}. A 404 ('That product is not in your curated list.') means
 * it is already gone (removed on another device, or by an undone swipe): what the shopper asked.
 */
export async function removeFromCuratedList(productId: string): Promise<void> {
  try {
    await api.delete<unknown>(`/curated-list/${segment(productId)}`);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/**
 * Puts the answer of a change into the cached list at once, so hearts and the screen show it
 * before the refetch that follows confirms it.
 */
export function curatedListChanged(
  queryClient: QueryClient,
  userId: string,
  change: { removed: string } | { added: CuratedListEntry },
): void {
  queryClient.setQueryData<CuratedListEntry[]>(curatedListKeys.list(userId), (entries) => {
    if (!entries) return entries;
    if ('removed' in change) return entries.filter((entry) => entry._id !== change.removed);
    // Already there (a 200): it keeps its place, which is the time it was first saved.
    if (entries.some((entry) => entry._id === change.added._id)) return entries;
    return [change.added, ...entries];
  });
}
