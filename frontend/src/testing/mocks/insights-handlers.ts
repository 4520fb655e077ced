import { http, HttpResponse } from 'msw';
import type {
  InsightsSummary,
  LowStock,
  ProductDaily,
  ProductInsight,
  ProductInsights,
} from '@/api/insights-types';
import { addDays, daysBetween } from '@/features/brand-console/utils/ist-days';

// The brand console's insights calls (docs/http-api.md, Insights) answering steady made-up
// figures for any period: every day of it present, as the API answers.

const money = (rupees: number) => ({ $numberDecimal: rupees.toFixed(2) });

function days(from: string, to: string): string[] {
  return Array.from({ length: Math.max(daysBetween(from, to), 0) }, (_, index) => addDays(from, index));
}

function period(request: Request) {
  const params = new URL(request.url).searchParams;
  return { from: params.get('from') ?? '2026-10-30', to: params.get('to') ?? '2026-11-28' };
}

export function insightsSummary(from = '2026-11-22', to = '2026-11-28'): InsightsSummary {
  const daily = days(from, to).map((date, index) => ({
    date,
    revenue: money(index % 3 === 0 ? 2598 : 1299),
    orders: index % 3 === 0 ? 2 : 1,
  }));
  const orders = daily.reduce((sum, day) => sum + day.orders, 0);
  const revenue = orders * 1299;
  return {
    success: true,
    from,
    to,
    revenue: money(revenue),
    refunds: money(1299),
    netRevenue: money(revenue - 1299),
    orders,
    units: orders + 1,
    averageOrderValue: money(orders ? 1299 : 0),
    shoppers: Math.max(orders - 1, 0),
    returningShoppers: orders > 2 ? 2 : 0,
    funnel: { cardsShown: orders * 120, likes: orders * 30, bagAdds: orders * 6, orders },
    daily,
  };
}

export function productInsight(overrides: Partial<ProductInsight> = {}): ProductInsight {
  return {
    productId: 'p1',
    name: 'Linen shirt',
    image: null,
    cardsShown: 400,
    likes: 120,
    dislikes: 80,
    likeRate: 0.6,
    bagAdds: 24,
    bagRate: 0.06,
    orders: 6,
    units: 7,
    revenue: money(7793),
    trendingRank: 3,
    ...overrides,
  };
}

export const insightProducts: ProductInsight[] = [
  productInsight(),
  productInsight({
    productId: 'p2',
    name: 'Block-print kurta',
    likeRate: 0.7333,
    likes: 44,
    dislikes: 16,
    cardsShown: 90,
    orders: 2,
    units: 2,
    revenue: money(3398),
    trendingRank: null,
  }),
];

export function productDaily(productId: string, from: string, to: string): ProductDaily {
  return {
    success: true,
    productId,
    from,
    to,
    daily: days(from, to).map((date, index) => ({
      date,
      cardsShown: 40 + index,
      likes: 10 + (index % 4),
      dislikes: 6,
      bagAdds: 3,
      orders: index % 2,
      units: index % 2,
      revenue: money((index % 2) * 1299),
    })),
  };
}

export const lowStock: LowStock = {
  success: true,
  threshold: 5,
  items: [
    { productId: 'p1', name: 'Linen shirt', size: 'S', units: 0 },
    { productId: 'p2', name: 'Block-print kurta', size: 'XL', units: 2 },
  ],
};

export const insightsHandlers = [
  http.get('*/api/brand/insights/summary', ({ request }) => {
    const { from, to } = period(request);
    return HttpResponse.json(insightsSummary(from, to));
  }),
  http.get('*/api/brand/insights/products', ({ request }) => {
    const sort = new URL(request.url).searchParams.get('sort') ?? 'revenue';
    const products = [...insightProducts].sort((a, b) =>
      sort === 'likeRate' ? b.likeRate - a.likeRate : Number(b.revenue.$numberDecimal) - Number(a.revenue.$numberDecimal),
    );
    const answer: ProductInsights = { success: true, ...period(request), products };
    return HttpResponse.json(answer);
  }),
  http.get('*/api/brand/insights/products/:id/daily', ({ request, params }) => {
    const { from, to } = period(request);
    return HttpResponse.json(productDaily(String(params.id), from, to));
  }),
  http.get('*/api/brand/insights/low-stock', () => HttpResponse.json(lowStock)),
];
