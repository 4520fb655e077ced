import { Suspense } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { TAB_PATHS } from '@/config/paths';
import { useScrollToTop } from '@/hooks/use-scroll-to-top';
import { AppShell } from '@/components/layouts/app-shell';
import { RouteErrorBoundary } from './route-error';
import { RouteFallback } from './route-fallback';

export function RootLayout() {
  const location = useLocation();
  const showBottomNav = TAB_PATHS.some((path) => matchPath(path, location.pathname) !== null);
  useScrollToTop();
  return (
    <AppShell showBottomNav={showBottomNav}>
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </AppShell>
  );
}
