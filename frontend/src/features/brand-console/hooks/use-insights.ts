// The dashboard's and the product insights' queries. Every key starts with `insightsKeys.all`,
// so a live event refreshes them all at once (use-brand-events.ts).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { insightsApi, type ProductsQuery } from '@/api/insights';
import type { InsightsPeriod } from '@/api/insights-types';
import { useBrandParam, useConsoleAllowed } from '../components/console-frame';

/** The low-stock list's threshold: sizes with at most this many units. */
export const LOW_STOCK_THRESHOLD = 5;

export const insightsKeys = {
  all: ['console', 'insights'] as const,
  summary: (period: InsightsPeriod, brandId: string) =>
    [...insightsKeys.all, 'summary', period.from, period.to, brandId] as const,
  products: (query: ProductsQuery, brandId: string) =>
    [...insightsKeys.all, 'products', query, brandId] as const,
  productDaily: (productId: string, period: InsightsPeriod) =>
    [...insightsKeys.all, 'product-daily', productId, period.from, period.to] as const,
  lowStock: (threshold: number, brandId: string) =>
    [...insightsKeys.all, 'low-stock', threshold, brandId] as const,
};

export function useInsightsSummary(period: InsightsPeriod) {
  const allowed = useConsoleAllowed();
  const brandId = useBrandParam();
  return useQuery({
    queryKey: insightsKeys.summary(period, brandId ?? ''),
    queryFn: ({ signal }) => insightsApi.summary(period, brandId, signal),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
}

export function useProductInsights(query: ProductsQuery) {
  const allowed = useConsoleAllowed();
  const brandId = useBrandParam();
  return useQuery({
    queryKey: insightsKeys.products(query, brandId ?? ''),
    queryFn: ({ signal }) => insightsApi.products(query, brandId, signal),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
}

export function useProductDaily(productId: string, period: InsightsPeriod) {
  const allowed = useConsoleAllowed();
  return useQuery({
    queryKey: insightsKeys.productDaily(productId, period),
    queryFn: ({ signal }) => insightsApi.productDaily(productId, period, signal),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
}

export function useLowStock(threshold = LOW_STOCK_THRESHOLD) {
  const allowed = useConsoleAllowed();
  const brandId = useBrandParam();
  return useQuery({
    queryKey: insightsKeys.lowStock(threshold, brandId ?? ''),
    queryFn: ({ signal }) => insightsApi.lowStock(threshold, brandId, signal),
    enabled: allowed,
  });
}
