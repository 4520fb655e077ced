// The brand console's queries and writes; every write refreshes the lists it changes.
import { create } from 'zustand';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { consoleCoupons } from '@/api/console-coupons';
import { consoleProducts } from '@/api/console-products';
import type { ConsoleProduct, CouponInput, ProductInput, ProductQuery } from '@/api/console-types';

/** The brand an admin works on (brand users work on their own: none is sent). */
export const useConsoleBrand = create<{ brandId: string; setBrandId: (id: string) => void }>(
  (set) => ({ brandId: '', setBrandId: (brandId) => set({ brandId }) }),
);

const keys = {
  products: ['console', 'products'] as const,
  product: (id: string) => ['console', 'product', id] as const,
  coupons: ['console', 'coupons'] as const,
};

export function useBrandChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['console', 'brand-choices'],
    queryFn: () =>
      api.get<{ brands: { _id: string; name: string }[] }>('/admin/brands'),
    enabled,
  });
}

export function useConsoleProducts(query: ProductQuery) {
  return useQuery({
    queryKey: [...keys.products, query],
    queryFn: () => consoleProducts.list(query),
    placeholderData: (previous) => previous,
  });
}

export function useConsoleProduct(id: string | undefined) {
  return useQuery({
    queryKey: keys.product(id ?? ''),
    queryFn: () => consoleProducts.one(id ?? ''),
    enabled: Boolean(id),
  });
}

/** Every write answers the product: keep it as the editor's, and refresh the lists. */
function useProductWrite<V>(call: (variables: V) => Promise<ConsoleProduct>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (product) => {
      client.setQueriesData({ queryKey: keys.product(product._id) }, product);
      void client.invalidateQueries({ queryKey: keys.products });
    },
  });
}

export const useCreateProduct = () =>
  useProductWrite((input: ProductInput) => consoleProducts.create(input));
export const useUpdateProduct = () =>
  useProductWrite(
    ({ id, patch }: { id: string; patch: Parameters<typeof consoleProducts.update>[1] }) =>
      consoleProducts.update(id, patch),
  );
export const usePutStock = () =>
  useProductWrite(({ id, stock }: { id: string; stock: Record<string, number> }) =>
    consoleProducts.putStock(id, stock),
  );
export const useArchiveProduct = () => useProductWrite((id: string) => consoleProducts.archive(id));

export function useRefreshProduct() {
  const client = useQueryClient();
  return (product: ConsoleProduct) => {
    client.setQueriesData({ queryKey: keys.product(product._id) }, product);
    void client.invalidateQueries({ queryKey: keys.products });
  };
}

export function useConsoleCoupons(brandId?: string) {
  return useQuery({
    queryKey: [...keys.coupons, brandId ?? ''],
    queryFn: () => consoleCoupons.list(brandId),
  });
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id?: string; input: CouponInput; version?: number }) =>
      id ? consoleCoupons.update(id, { ...input, version: version ?? 0 }) : consoleCoupons.create(input),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.coupons }),
  });
}
