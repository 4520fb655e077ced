import { Suspense, lazy } from 'react';
import { Route, Routes, matchPath, useLocation } from 'react-router';
import { consolePaths } from '@/config/console-paths';
import { BRAND_CONSOLE_PATH } from '@/config/paths';
import { ConsoleLayout } from './console-layout';

// The consoles' screens, each its own chunk. This table is itself loaded only when an address
// under /brand or /admin is opened, so none of it weighs on the shop's first screens.
const BrandDashboard = lazy(async () => ({
  default: (await import('./brand-console-dashboard')).BrandDashboardRoute,
}));
// The brand's live events: one stream for as long as any /brand page is open.
const BrandLiveEvents = lazy(async () => ({
  default: (await import('@/features/brand-console/components/brand-live-events')).BrandLiveEvents,
}));
const BrandOrders = lazy(async () => ({ default: (await import('./brand-console')).BrandConsoleRoute }));
const BrandProducts = lazy(async () => ({
  default: (await import('./brand-console-products')).BrandProductsRoute,
}));
const BrandProduct = lazy(async () => ({
  default: (await import('./brand-console-product')).BrandProductRoute,
}));
const BrandImport = lazy(async () => ({
  default: (await import('./brand-console-import')).BrandImportRoute,
}));
const BrandCoupons = lazy(async () => ({
  default: (await import('./brand-console-coupons')).BrandCouponsRoute,
}));
const BrandPayouts = lazy(async () => ({
  default: (await import('./brand-console-payouts')).BrandPayoutsRoute,
}));
const AdminHome = lazy(async () => ({ default: (await import('./admin')).AdminRoute }));
const AdminBrands = lazy(async () => ({ default: (await import('./admin-brands')).AdminBrandsRoute }));
const AdminCategories = lazy(async () => ({
  default: (await import('./admin-categories')).AdminCategoriesRoute,
}));
const AdminBanners = lazy(async () => ({
  default: (await import('./admin-banners')).AdminBannersRoute,
}));
const AdminUsers = lazy(async () => ({ default: (await import('./admin-users')).AdminUsersRoute }));
const AdminAudit = lazy(async () => ({ default: (await import('./admin-audit')).AdminAuditRoute }));
const AdminApplications = lazy(async () => ({
  default: (await import('./admin-applications')).AdminApplicationsRoute,
}));
const AdminPayouts = lazy(async () => ({
  default: (await import('./admin-payouts')).AdminPayoutsRoute,
}));
const NotFound = lazy(async () => ({ default: (await import('./not-found')).NotFoundRoute }));

/** A console page's path below its section (`/brand/products` is `products` under `/brand`). */
function below(section: { path: string }, page: { path: string }): string {
  return page.path.slice(section.path.length + 1);
}

/** /brand/*: the brand console, in the consoles' wide layout. */
function BrandConsoleRoutes() {
  return (
    <>
      <Suspense fallback={null}>
        <BrandLiveEvents />
      </Suspense>
      <BrandRoutes />
    </>
  );
}

function BrandRoutes() {
  const section = consolePaths.brandConsole;
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        <Route index element={<BrandDashboard />} />
        <Route path={below(section, consolePaths.brandOrders)} element={<BrandOrders />} />
        <Route path={below(section, consolePaths.brandProducts)} element={<BrandProducts />} />
        <Route path={below(section, consolePaths.brandProductNew)} element={<BrandProduct />} />
        <Route path={below(section, consolePaths.brandProduct)} element={<BrandProduct />} />
        <Route path={below(section, consolePaths.brandImport)} element={<BrandImport />} />
        <Route path={below(section, consolePaths.brandCoupons)} element={<BrandCoupons />} />
        <Route path={below(section, consolePaths.brandPayouts)} element={<BrandPayouts />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** /admin/*: the admin console, in the consoles' wide layout. */
function AdminConsoleRoutes() {
  const section = consolePaths.admin;
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        <Route index element={<AdminHome />} />
        <Route path={below(section, consolePaths.adminBrands)} element={<AdminBrands />} />
        <Route path={below(section, consolePaths.adminCategories)} element={<AdminCategories />} />
        <Route path={below(section, consolePaths.adminBanners)} element={<AdminBanners />} />
        <Route path={below(section, consolePaths.adminUsers)} element={<AdminUsers />} />
        <Route path={below(section, consolePaths.adminAudit)} element={<AdminAudit />} />
        <Route
          path={below(section, consolePaths.adminApplications)}
          element={<AdminApplications />}
        />
        <Route path={below(section, consolePaths.adminPayouts)} element={<AdminPayouts />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** /brand/* and /admin/*: the section's own route table. */
export function ConsolesRoute() {
  const { pathname } = useLocation();
  const brand = matchPath({ path: BRAND_CONSOLE_PATH, end: false }, pathname);
  return brand ? <BrandConsoleRoutes /> : <AdminConsoleRoutes />;
}
