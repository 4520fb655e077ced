import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import type { Product } from '@/lib/product';

/** Query parameters of GET /api/products (000 §7). */
export interface ProductListFilters {
  gender?: 'male' | 'female' | 'unisex';
  minPrice?: number;
  maxPrice?: number;
  limit?: number;
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductListFilters) => [...productKeys.lists(), filters] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
};

export const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response format from server';

/** The specification allows a list or `{products: [...]}` (000 §7); we read both. */
function productList(data: unknown): Product[] {
  if (Array.isArray(data)) return data as Product[];
  if (data && typeof data === 'object' && Array.isArray((data as { products?: unknown }).products)) {
    return (data as { products: Product[] }).products;
  }
  throw new ApiError(200, 'UNEXPECTED_RESPONSE', UNEXPECTED_RESPONSE_MESSAGE);
}

export async function getProducts(
  filters: ProductListFilters,
  signal?: AbortSignal,
): Promise<Product[]> {
  const data = await api.get<unknown>('/products', { query: { ...filters }, signal });
  return productList(data);
}

export const productQueries = {
  list: (filters: ProductListFilters) =>
    queryOptions({
      queryKey: productKeys.list(filters),
      queryFn: ({ signal }) => getProducts(filters, signal),
    }),
};

export function useProducts(filters: ProductListFilters) {
  return useQuery(productQueries.list(filters));
}
