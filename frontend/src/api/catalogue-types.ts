// Wire shapes of brands, categories and static images (docs/http-api.md, 000 §3). Products are
// in product.ts. Optional fields are optional because the specification leaves them unshown.

import type { CategoryRef } from '@/lib/product';

/** Gender of products, brands and categories as the API writes it. */
export type Gender = 'male' | 'female' | 'unisex';

/** A gender query value: `all` means no filter (the API accepts any letter case). */
export type GenderFilter = Gender | 'all';

export interface Brand {
  _id: string;
  name: string;
  is_active?: boolean;
  /** Null when the brand has no logo: show its initials (000 §2.6). */
  logo_url?: string | null;
  description?: string;
  gender?: Gender;
  productCount?: number;
  created_at?: string;
}

export interface Category {
  _id: string;
  name: string;
  gender?: Gender;
  image?: string | null;
  /** Null or absent on a top-level category (000 §3). */
  parentCategory?: CategoryRef | null;
  productCount?: number;
}

export type StaticImageCategory = 'hero' | 'trends' | 'products' | 'brands' | 'ui';

/** `all` suits both devices. */
export type StaticImageDevice = 'mobile' | 'desktop' | 'all';

export interface StaticImage {
  _id: string;
  title: string;
  category: StaticImageCategory;
  device: StaticImageDevice;
  url: string;
  isActive: boolean;
}
