// The insights and live-event answers (docs/http-api.md, Insights; Live events), written by hand
// from the contract until the generated schema carries them: switch these to
// components['schemas'] then, in this one file.
import type { Decimal } from './types';

export interface InsightsPeriod {
  /** IST day, YYYY-MM-DD. */
  from: string;
  to: string;
}

export interface InsightsSummary extends InsightsPeriod {
  success: boolean;
  revenue: Decimal;
  refunds: Decimal;
  netRevenue: Decimal;
  orders: number;
  units: number;
  averageOrderValue: Decimal;
  shoppers: number;
  returningShoppers: number;
  funnel: { cardsShown: number; likes: number; bagAdds: number; orders: number };
  /** Every day of the period, zeros too. */
  daily: { date: string; revenue: Decimal; orders: number }[];
}

export type ProductSort = 'revenue' | 'likeRate' | 'bagRate';

export interface ProductInsight {
  productId: string;
  name: string;
  image: string | null;
  cardsShown: number;
  likes: number;
  dislikes: number;
  /** likes / (likes + dislikes), 0..1. */
  likeRate: number;
  bagAdds: number;
  /** bagAdds / cardsShown, 0..1. */
  bagRate: number;
  orders: number;
  units: number;
  revenue: Decimal;
  /** Today's rank in the shop's trending; null when not ranked. */
  trendingRank: number | null;
}

export interface ProductInsights extends InsightsPeriod {
  success: boolean;
  products: ProductInsight[];
}

export interface ProductDay {
  date: string;
  cardsShown: number;
  likes: number;
  dislikes: number;
  bagAdds: number;
  orders: number;
  units: number;
  revenue: Decimal;
}

export interface ProductDaily extends InsightsPeriod {
  success: boolean;
  productId: string;
  daily: ProductDay[];
}

export interface LowStockItem {
  productId: string;
  name: string;
  size: string;
  units: number;
}

export interface LowStock {
  success: boolean;
  threshold: number;
  items: LowStockItem[];
}

export type BrandEventType =
  | 'order.placed'
  | 'cancellation.requested'
  | 'refund.completed'
  | 'stock.low';

/** One event of GET /api/brand/events (its `data`). */
export interface BrandEvent {
  type: BrandEventType;
  brandId: string;
  orderId: string | null;
  productId: string | null;
  size: string | null;
  units: number | null;
  at: string;
}
