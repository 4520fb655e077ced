// The insights and live-event answers (docs/http-api.md, Insights; Live events). They come from
// the generated schema, so a renamed wire field breaks the build instead of a screen.
import type { components } from './schema';

type Schemas = components['schemas'];

/** A period of IST days, YYYY-MM-DD (the insights calls' `from` and `to`). */
export type InsightsPeriod = Pick<Schemas['InsightsSummary'], 'from' | 'to'>;

export type InsightsSummary = Schemas['InsightsSummary'];
export type ProductSort = 'revenue' | 'likeRate' | 'bagRate';
export type ProductInsight = Schemas['ProductInsight'];
export type ProductInsights = Schemas['InsightsProducts'];
export type ProductDay = Schemas['ProductDayInsight'];
export type ProductDaily = Schemas['InsightsProductDaily'];
export type LowStockItem = Schemas['LowStockItem'];
export type LowStock = Schemas['InsightsLowStock'];

export type BrandEventType = Schemas['BrandEventType'];

/** One event of GET /api/brand/events (its `data`). */
export type BrandEvent = Schemas['BrandEvent'];
