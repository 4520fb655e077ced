import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import type { RouteHandle } from '../route-handle';

export function RootLayout() {
  const showBottomNav = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.bottomNav);
  return (
    <AppShell showBottomNav={showBottomNav}>
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}
