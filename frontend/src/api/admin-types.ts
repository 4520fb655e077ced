// The admin console's wire shapes (docs/http-api.md, "The consoles" > "Admin"), in one place.
// The calls live in admin-brands.ts, admin-categories.ts, admin-banners.ts, admin-users.ts and
// admin-audit.ts. Written from the documented contract: schema.d.ts names them once the
// OpenAPI document is regenerated.

import type { StaticImageCategory, StaticImageDevice } from './catalogue-types';

/** What a brand, a category and a product are for. */
export type AdminGender = 'male' | 'female' | 'unisex';
export const ADMIN_GENDERS: readonly AdminGender[] = ['male', 'female', 'unisex'];

export interface AdminNamed {
  _id: string;
  name: string;
}

export interface AdminBrand {
  _id: string;
  name: string;
  description: string;
  logo_url: string | null;
  isActive: boolean;
  gender: AdminGender;
  version: number;
  /** Products of the brand shoppers can see. */
  productCount: number;
  /** The share of the brand's sales the shop keeps: a percentage, 0 to 50 (payouts). */
  commissionRate?: number;
}

export interface NewBrand {
  name: string;
  gender: AdminGender;
  isActive: boolean;
  description?: string;
}

export type BrandChanges = Partial<NewBrand> & { version: number; commissionRate?: number };

export interface AdminCategory {
  _id: string;
  name: string;
  gender: AdminGender;
  parentCategory: AdminNamed | null;
  image: string;
  /** Its place among its siblings, from 0. */
  position: number;
  version: number;
  productCount: number;
}

export interface NewCategory {
  name: string;
  gender: AdminGender;
  parentId?: string | null;
  image?: string;
}

export interface CategoryChanges {
  name?: string;
  parentId?: string | null;
  image?: string;
  version: number;
}

export type BannerCategory = StaticImageCategory;
export type BannerDevice = StaticImageDevice;
export const BANNER_CATEGORIES: readonly BannerCategory[] = [
  'hero',
  'trends',
  'products',
  'brands',
  'ui',
];
export const BANNER_DEVICES: readonly BannerDevice[] = ['mobile', 'desktop', 'all'];

export interface Banner {
  _id: string;
  title: string;
  url: string;
  srcset: string;
  category: BannerCategory;
  device: BannerDevice;
  tags: string[];
  campaign: string;
  displayPeriod: { startDate: string | null; endDate: string | null };
  priority: number;
  isActive: boolean;
  version: number;
}

/** The banner form's fields, sent as multipart form fields (dates as ISO strings). */
export interface BannerFields {
  file?: File;
  title?: string;
  category?: BannerCategory;
  device?: BannerDevice;
  /** Comma-separated, as the form field carries them. */
  tags?: string;
  campaign?: string;
  startDate?: string;
  endDate?: string;
  priority?: number;
  isActive?: boolean;
}

export const USER_ROLES = { shopper: 0, brand: 1, admin: 2 } as const;
export type RoleName = keyof typeof USER_ROLES;
export type RoleNumber = (typeof USER_ROLES)[RoleName];

export interface AdminUser {
  _id: string;
  /** Null for an erased account. */
  email: string | null;
  display_name: string | null;
  role: RoleNumber;
  brand: AdminNamed | null;
  createdAt: string;
}

export interface Page {
  total: number;
  page: number;
  limit: number;
}

/** The paging fields of an answer, with defaults for an answer that leaves them out. */
export function pageOf(answer: Record<string, unknown>, count: number): Page {
  return {
    total: typeof answer.total === 'number' ? answer.total : count,
    page: typeof answer.page === 'number' ? answer.page : 1,
    limit: typeof answer.limit === 'number' ? answer.limit : Math.max(count, 1),
  };
}

export interface UserPage extends Page {
  users: AdminUser[];
}

export type AuditValue = Record<string, unknown> | null;

export interface AuditEntry {
  _id: string;
  at: string;
  /** `role` is "brand" or "admin"; `email` null for an erased account. */
  actor: { _id: string; email: string | null; role: string };
  brandId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: AuditValue;
  after: AuditValue;
}

export interface AuditPage extends Page {
  entries: AuditEntry[];
}

/** Everything the admin console caches starts with this key. */
export const adminKeys = {
  all: ['admin'] as const,
  brands: (search = '') => [...adminKeys.all, 'brands', search] as const,
  categories: () => [...adminKeys.all, 'categories'] as const,
  banners: (category = '') => [...adminKeys.all, 'banners', category] as const,
  users: (search: string, page: number) => [...adminKeys.all, 'users', search, page] as const,
  audit: (filter: { actor: string; entity: string; page: number }) =>
    [...adminKeys.all, 'audit', filter] as const,
};
