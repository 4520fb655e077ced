import { http, HttpResponse } from 'msw';
import type { components } from '@/api/schema';
import type { SwipeEvent } from '@/features/swipe/api/swipe-api';
import type { Product } from '@/lib/product';
import { navyTee, productFixtures } from './fixtures';

// The swipe screen's calls (docs/http-api.md: "Swipes", "The swipe feed") as the API answers
// them: `data` is the stored swipe, or what an undo reversed. The defaults serve every test; a
// swipe test takes `swipeApi()` for a server that remembers swipes and records what it was asked.

/** A feed card: the navy tee's shape with its own id, name and price. */
export function feedProduct(index: number, overrides: Partial<Product> = {}): Product {
  return {
    ...navyTee,
    _id: `feed-${String(index).padStart(3, '0')}`,
    name: `Feed Product ${index}`,
    price: { $numberDecimal: `${1000 + index * 100}.00` },
    ...overrides,
  };
}

/** Twenty cards: more than two batches of 8. */
export const feedCatalogue: Product[] = Array.from({ length: 20 }, (_, i) => feedProduct(i + 1));

type Schemas = components['schemas'];

export const FEED_FILTER_CHOICES: Schemas['FeedFilters'] = {
  colors: ['black', 'navy', 'white'],
  sizes: ['S', 'M', 'L', '32'],
};

const NO_SWIPE_TO_UNDO: Schemas['ErrorBody'] = {
  error: 'There is no swipe to undo.',
  code: 'NOT_FOUND',
};

function feedAnswer(catalogue: readonly Product[], query: URLSearchParams, swiped: Set<string>) {
  const exclude = new Set(query.get('exclude')?.split(',') ?? []);
  const limit = Number(query.get('limit') ?? 8);
  return catalogue
    .filter((product) => !exclude.has(product._id) && !swiped.has(product._id))
    .slice(0, limit);
}

/** A track-swipe body as the swipe screen sends it. */
export type TrackedSwipe = SwipeEvent;

/**
 * A signed-in shopper's swipes as the server keeps them: swiped products leave the feed until
 * undone; undo reverses the latest. `feedRequests` holds every feed query, `tracked` every
 * track-swipe body, `undos` counts the undo calls that found a swipe.
 */
export function swipeApi(catalogue: readonly Product[] = feedCatalogue) {
  const feedRequests: URLSearchParams[] = [];
  const tracked: TrackedSwipe[] = [];
  const standing: TrackedSwipe[] = [];
  let undos = 0;
  const handlers = [
    http.get('*/api/products/feed', ({ request }) => {
      const query = new URL(request.url).searchParams;
      feedRequests.push(query);
      const swiped = new Set(standing.map((swipe) => swipe.productId));
      return HttpResponse.json(feedAnswer(catalogue, query, swiped));
    }),
    http.post('*/api/analytics/track-swipe', async ({ request }) => {
      const body = (await request.json()) as TrackedSwipe;
      tracked.push(body);
      standing.push(body);
      return HttpResponse.json(
        {
          success: true,
          data: {
            _id: `swipe-${tracked.length}`,
            productId: body.productId,
            action: body.action,
            sessionId: body.sessionId,
            createdAt: '2026-11-23T10:00:00Z',
            replacedAction: null,
            addedToCuratedList: body.action === 'like',
          },
        } satisfies Schemas['SwipeAnswer'],
        { status: 201 },
      );
    }),
    http.delete('*/api/analytics/swipes/last', () => {
      const last = standing.pop();
      if (!last) return HttpResponse.json(NO_SWIPE_TO_UNDO, { status: 404 });
      undos += 1;
      return HttpResponse.json({
        success: true,
        data: {
          productId: last.productId,
          action: last.action,
          restoredAction: null,
          removedFromCuratedList: last.action === 'like',
        },
      } satisfies Schemas['UndoAnswer']);
    }),
  ];
  return { handlers, feedRequests, tracked, undos: () => undos };
}

/** The defaults every test gets: the catalogue fixtures as the feed, nothing to undo. */
export const swipeHandlers = [
  http.get('*/api/products/feed', ({ request }) =>
    HttpResponse.json(feedAnswer(productFixtures, new URL(request.url).searchParams, new Set())),
  ),
  http.get('*/api/products/feed/filters', () => HttpResponse.json(FEED_FILTER_CHOICES)),
  http.post('*/api/analytics/track-swipe', () =>
    HttpResponse.json({ success: true, data: {} }, { status: 201 }),
  ),
  http.delete('*/api/analytics/swipes/last', () =>
    HttpResponse.json(NO_SWIPE_TO_UNDO, { status: 404 }),
  ),
];
