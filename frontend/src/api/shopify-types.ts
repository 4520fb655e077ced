// The Shopify import's answers (docs/http-api.md, "Shopify import"), written by hand until the
// generated schema carries them; then these become `components['schemas'][...]` aliases.
import type { WireDecimal } from '@/lib/product';

export interface ShopifyRowError {
  row: number;
  field: string;
  message: string;
}

export interface ShopifyPreviewProduct {
  handle: string;
  name: string;
  description: string;
  /** Shopify's Variant Price: what the shopper pays. */
  price: WireDecimal | null;
  compareAtPrice: WireDecimal | null;
  /** The shop's price it becomes (the compare-at price when it gives an offer). */
  listPrice: WireDecimal | null;
  offerPercentage: number;
  category: string | null;
  sizes: string[];
  stock: Record<string, number>;
  tags: string[];
  images: string[];
  isActive: boolean;
  /** The brand imported this handle before: the commit updates that product. */
  update: boolean;
  errors: ShopifyRowError[];
}

export interface ShopifyPreview {
  success: boolean;
  preview: true;
  token: string;
  products: ShopifyPreviewProduct[];
  errors: ShopifyRowError[];
}

export interface ShopifyReport {
  success: boolean;
  created: number;
  updated: number;
  failed: number;
  errors: ShopifyRowError[];
  images: { fetched: number; failed: number };
  warnings: ShopifyRowError[];
}
