// The brand console's coupon calls (docs/http-api.md, Console coupons).
import { api, apiRequest } from './client';
import type { ConsoleCoupon, CouponInput } from './console-types';

export const consoleCoupons = {
  list: (brandId?: string) =>
    api.get<{ success: boolean; coupons: ConsoleCoupon[] }>('/brand/coupons', {
      query: { brandId },
    }),
  create: (input: CouponInput) =>
    api.post<{ success: boolean; coupon: ConsoleCoupon }>('/brand/coupons', input),
  update: (id: string, patch: Partial<CouponInput> & { version: number }) =>
    apiRequest<{ success: boolean; coupon: ConsoleCoupon }>(
      `/brand/coupons/${encodeURIComponent(id)}`,
      { method: 'PATCH', body: patch },
    ),
};
