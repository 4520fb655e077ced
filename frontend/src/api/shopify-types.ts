// The Shopify import's answers (docs/http-api.md, "Shopify import"), from the generated schema.
import type { components } from './schema';

type Schemas = components['schemas'];

export type ShopifyRowError = Schemas['RowError'];
export type ShopifyPreviewProduct = Schemas['PreviewProduct'];
export type ShopifyPreview = Schemas['ShopifyPreview'];
export type ShopifyReport = Schemas['ShopifyReport'];
