// The admin console's wire shapes (docs/http-api.md, "The consoles" > "Admin"), in one place.
// The calls live in admin-brands.ts, admin-categories.ts, admin-banners.ts, admin-users.ts and
// admin-audit.ts. What the server answers and accepts comes from the generated schema, so a
// renamed wire field breaks the build instead of a screen.

import type { components } from './schema';

type Schemas = components['schemas'];

/** What a brand, a category and a product are for. */
export type AdminGender = Schemas['Gender'];
export const ADMIN_GENDERS: readonly AdminGender[] = ['male', 'female', 'unisex'];

export type AdminNamed = Schemas['NamedRef'];

export type AdminBrand = Schemas['AdminBrand'];
export type NewBrand = Schemas['NewBrandBody'];
/** The console always sends the version it edits (the server also takes If-Match). */
export type BrandChanges = Schemas['BrandPatch'] & { version: number };

export type AdminCategory = Schemas['AdminCategory'];
export type NewCategory = Schemas['NewCategoryBody'];
export type CategoryChanges = Schemas['CategoryPatch'] & { version: number };
/** The body of PUT /api/admin/categories/order. */
export type CategoryOrder = Schemas['CategoryOrder'];

export type BannerCategory = Schemas['BannerCategory'];
export type BannerDevice = Schemas['BannerDevice'];
export const BANNER_CATEGORIES: readonly BannerCategory[] = [
  'hero',
  'trends',
  'products',
  'brands',
  'ui',
];
export const BANNER_DEVICES: readonly BannerDevice[] = ['mobile', 'desktop', 'all'];

export type Banner = Schemas['StaticImage'];

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

export type AdminUser = Schemas['AdminUser'];
/** The body of PUT /api/admin/users/{id}/role. */
export type RoleBody = Schemas['RoleBody'];

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

/** A page of users as the console keeps it. */
export type UserPage = Omit<Schemas['AdminUsers'], 'success'>;

export type AuditEntry = Schemas['AuditEntry'];
export type AuditValue = AuditEntry['before'];
export type AuditPage = Omit<Schemas['AuditPage'], 'success'>;

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
