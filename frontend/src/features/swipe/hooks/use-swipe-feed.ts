import { useEffect } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Product } from '@/lib/product';
import { FEED_DEBOUNCE_MS, shouldPrefetchFeed } from '@/lib/swipe';
import { useSessionUser } from '@/stores/session';
import { swipeQueries } from '../api/swipe-queries';
import {
  toFeedFilters,
  useFeedFilters,
  useFeedFiltersActions,
  type SwipeFilters,
} from '../stores/feed-filters';
import {
  useReturnedCards,
  useStackRound,
  useSwipeDeckActions,
  useSwipeHistory,
} from '../stores/swipe-deck';

export type FeedState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; retry: () => void }
  | { kind: 'cards' }
  /** 001 §2: the list has ended ('You've discovered everything!'). */
  | { kind: 'end' };

export interface SwipeFeed {
  /** The stack, top card first. */
  cards: readonly Product[];
  state: FeedState;
  filters: SwipeFilters;
  applyFilters: (filters: SwipeFilters) => void;
  /** Clears the filters and what this visit excluded, and reads the feed afresh. */
  startOver: () => void;
}

/**
 * The card stack (001 §2, §4): the feed's cards minus this visit's swipes, with cards put back
 * (undone, or whose swipe failed) on top. The next batch is asked for 500 ms after the stack
 * last fell to 3 cards or fewer, never while a batch is on its way.
 */
export function useSwipeFeed(): SwipeFeed {
  const { _id: userId } = useSessionUser();
  const filters = useFeedFilters();
  const history = useSwipeHistory(userId);
  const returned = useReturnedCards(userId);
  const round = useStackRound();
  const { filtersApplied, filtersCleared } = useFeedFiltersActions();
  const { stackReset, startedOver } = useSwipeDeckActions();

  const held = [...history.map((swiped) => swiped.product), ...returned];
  const feed = useInfiniteQuery(
    swipeQueries.feed({
      userId,
      filters: toFeedFilters(filters),
      round,
      // Read only when this stack's query starts.
      excludeAtStart: held.map((product) => product._id),
    }),
  );

  const gone = new Set(held.map((product) => product._id));
  const cards = [...returned, ...(feed.data ?? []).filter((product) => !gone.has(product._id))];

  const { hasNextPage, isFetching, isError, fetchNextPage } = feed;
  const remaining = cards.length;
  useEffect(() => {
    // After a failed batch the stack waits for Try Again instead of asking in a loop.
    if (!shouldPrefetchFeed(remaining) || !hasNextPage || isFetching || isError) return;
    const timer = window.setTimeout(
      () => void fetchNextPage({ cancelRefetch: false }),
      FEED_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [remaining, hasNextPage, isFetching, isError, fetchNextPage]);

  let state: FeedState;
  if (cards.length > 0) state = { kind: 'cards' };
  else if (feed.isError) {
    state = {
      kind: 'error',
      message: feed.error.message,
      retry: () => void (feed.data ? fetchNextPage() : feed.refetch()),
    };
  } else if (feed.isSuccess && !hasNextPage && !isFetching) state = { kind: 'end' };
  else state = { kind: 'loading' };

  return {
    cards,
    state,
    filters,
    applyFilters: (next) => {
      filtersApplied(next);
      stackReset();
    },
    startOver: () => {
      filtersCleared();
      startedOver();
    },
  };
}
