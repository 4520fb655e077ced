import { http, HttpResponse } from 'msw';
import type { TrendingEntry } from '@/api/trending';
import type { Product } from '@/lib/product';
import { cargoPants, navyTee, plainShirt } from './fixtures';

// GET /api/analytics/trending-products (docs/http-api.md, "Trending") as the API answers it.
// The defaults serve every test; a trending test takes `trendingApi()` to see what was asked.

export const TRENDING_URL = '*/api/analytics/trending-products';

/** An entry as the API builds it: score is net likes, rate the share of likes. */
export function trendingEntry(
  product: Product,
  { likes, dislikes }: { likes: number; dislikes: number },
  rank = 1,
): TrendingEntry {
  const totalSwipes = likes + dislikes;
  return {
    _id: product._id,
    rank,
    product,
    likes,
    dislikes,
    totalSwipes,
    engagementScore: likes - dislikes,
    engagementRate: totalSwipes === 0 ? 0 : likes / totalSwipes,
  };
}

/** A product swiped to exactly `score`: a slim product of that name, one dislike at most. */
export function entryWithScore(score: number, rank = 1): TrendingEntry {
  const product: Product = {
    ...navyTee,
    _id: `trend-${rank}`,
    name: `Scored ${score}`,
  };
  return trendingEntry(
    product,
    score >= 0 ? { likes: score, dislikes: 0 } : { likes: 0, dislikes: -score },
    rank,
  );
}

/** The plain shirt as a women's product, so each gender has one. */
const womensShirt: Product = { ...plainShirt, gender: 'female' };

/** Men's tee (score 11), unisex cargos (5), women's shirt (-1), best first. */
export const trendingFixtures: TrendingEntry[] = [
  trendingEntry(navyTee, { likes: 14, dislikes: 3 }, 1),
  trendingEntry(cargoPants, { likes: 6, dislikes: 1 }, 2),
  trendingEntry(womensShirt, { likes: 1, dislikes: 2 }, 3),
];

const GENDERS: Record<string, string> = { M: 'male', W: 'female', U: 'unisex' };

/** The server's answer: the gender filter, then the limit, ranked again from 1. */
export function trendingAnswer(entries: readonly TrendingEntry[], query: URLSearchParams) {
  const gender = GENDERS[query.get('gender') ?? ''];
  const limit = Number(query.get('limit') ?? 20);
  const trendingProducts = entries
    .filter((entry) => !gender || entry.product.gender === gender)
    .slice(0, limit)
    .map((entry, index) => ({ ...entry, rank: index + 1 }));
  return {
    success: true,
    data: {
      trendingProducts,
      timeWindow: query.get('timeWindow') ?? '7d',
      generatedAt: '2026-11-23T10:00:00Z',
    },
  };
}

/**
 * Answers every trending call with `entries` (or what `entries` gives for the query) and keeps
 * each query in `requests`: `server.use(...api.handlers)`.
 */
export function trendingApi(
  entries:
    | readonly TrendingEntry[]
    | ((query: URLSearchParams) => readonly TrendingEntry[]) = trendingFixtures,
) {
  const requests: URLSearchParams[] = [];
  const handlers = [
    http.get(TRENDING_URL, ({ request }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      const listed = typeof entries === 'function' ? entries(query) : entries;
      return HttpResponse.json(trendingAnswer(listed, query));
    }),
  ];
  return { handlers, requests };
}

export const trendsHandlers = [
  http.get(TRENDING_URL, ({ request }) =>
    HttpResponse.json(trendingAnswer(trendingFixtures, new URL(request.url).searchParams)),
  ),
];
