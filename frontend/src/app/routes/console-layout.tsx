import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useScrollToTop } from '@/hooks/use-scroll-to-top';
import { PageLoader } from '@/components/ui/page-loader';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import { ToastViewport } from '@/components/ui/toast-viewport';
import { RouteErrorBoundary } from './route-error';
import { RouteFallback } from './route-fallback';
import styles from './console-layout.module.css';

/**
 * The consoles' pages (/brand... and /admin...) outside the shop's 413 px column: they use a
 * desktop's width (and still fit a phone), with the sign-in sheet, toasts and the page loader as
 * the shop has them.
 */
export function ConsoleLayout() {
  const location = useLocation();
  useScrollToTop();
  return (
    <div className={styles.page}>
      <main>
        <RouteErrorBoundary resetKey={location.key}>
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SignInPrompt />
      <ToastViewport />
      <PageLoader />
    </div>
  );
}
