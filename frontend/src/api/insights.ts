// The brand console's insights calls (docs/http-api.md, Insights). An admin names the brand
// (`brandId`); a brand user's own brand is the server's choice.
import { api, apiUrl } from './client';
import type {
  InsightsPeriod,
  InsightsSummary,
  LowStock,
  ProductDaily,
  ProductInsights,
  ProductSort,
} from './insights-types';

export interface ProductsQuery extends InsightsPeriod {
  sort: ProductSort;
  limit: number;
}

const base = '/brand/insights';

export const insightsApi = {
  summary: (period: InsightsPeriod, brandId?: string, signal?: AbortSignal) =>
    api.get<InsightsSummary>(`${base}/summary`, { query: { ...period, brandId }, signal }),
  products: (query: ProductsQuery, brandId?: string, signal?: AbortSignal) =>
    api.get<ProductInsights>(`${base}/products`, { query: { ...query, brandId }, signal }),
  productDaily: (productId: string, period: InsightsPeriod, signal?: AbortSignal) =>
    api.get<ProductDaily>(`${base}/products/${encodeURIComponent(productId)}/daily`, {
      query: { ...period },
      signal,
    }),
  lowStock: (threshold: number, brandId?: string, signal?: AbortSignal) =>
    api.get<LowStock>(`${base}/low-stock`, { query: { threshold, brandId }, signal }),
};

/** The live events' address (an EventSource sends the session cookie itself). */
export const brandEventsUrl = (query: { brandId?: string; lastEventId?: string }) =>
  apiUrl('/brand/events', query);
