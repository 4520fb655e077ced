import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProducts, type ProductListParams } from '@/lib/catalogue-api';

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
};

export const productQueries = {
  list: (params: ProductListParams) =>
    queryOptions({
      queryKey: productKeys.list(params),
      queryFn: ({ signal }) => getProducts(params, signal),
    }),
};

export function useProducts(params: ProductListParams) {
  return useQuery(productQueries.list(params));
}
