// The consoles' addresses, apart from the shop's (paths.ts) so that the shop's first screens do
// not carry them: only the consoles' own modules and Profile's links (all lazy) import this
// module; the route table takes the two section paths from paths.ts.
import { ADMIN_CONSOLE_PATH, BRAND_CONSOLE_PATH } from './paths';

export const consolePaths = {
  // The brand console, for brand users and admins (000 §6 leaves their screens to us).
  brandConsole: { path: BRAND_CONSOLE_PATH, getHref: () => BRAND_CONSOLE_PATH },
  brandProducts: { path: '/brand/products', getHref: () => '/brand/products' },
  brandProductNew: { path: '/brand/products/new', getHref: () => '/brand/products/new' },
  brandProduct: {
    path: '/brand/products/:productId',
    getHref: (productId: string) => `/brand/products/${encodeURIComponent(productId)}`,
  },
  brandImport: { path: '/brand/import', getHref: () => '/brand/import' },
  brandCoupons: { path: '/brand/coupons', getHref: () => '/brand/coupons' },
  brandOrders: { path: '/brand/orders', getHref: () => '/brand/orders' },
  // The admin console, for admins only (ours).
  admin: { path: ADMIN_CONSOLE_PATH, getHref: () => ADMIN_CONSOLE_PATH },
  adminBrands: { path: '/admin/brands', getHref: () => '/admin/brands' },
  adminCategories: { path: '/admin/categories', getHref: () => '/admin/categories' },
  adminBanners: { path: '/admin/banners', getHref: () => '/admin/banners' },
  adminUsers: { path: '/admin/users', getHref: () => '/admin/users' },
  adminAudit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  adminApplications: { path: '/admin/applications', getHref: () => '/admin/applications' },
} as const;
