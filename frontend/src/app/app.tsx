import { useCallback, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '@/lib/react-query';
import { useSessionRefresh } from '@/features/auth/hooks/use-session-refresh';
import { AppErrorBoundary } from './app-error-boundary';
import { AppProvider } from './provider';
import { AppRoutes, preloadRoute } from './router';
import { StartupSplash } from './startup-splash';

export function App() {
  const [queryClient] = useState(createQueryClient);
  useSessionRefresh();
  // The splash stays up until the first screen's code is in (its fetches under way).
  const prepare = useCallback(
    () => preloadRoute(window.location.pathname, queryClient),
    [queryClient],
  );

  return (
    <AppErrorBoundary>
      <AppProvider queryClient={queryClient}>
        <StartupSplash prepare={prepare}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </StartupSplash>
      </AppProvider>
    </AppErrorBoundary>
  );
}
