import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/react-query';
import { AppProvider } from './provider';
import { createAppRouter, whenRouterReady } from './router';
import { StartupSplash } from './startup-splash';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  const prepare = useCallback(() => whenRouterReady(router), [router]);

  return (
    <AppProvider queryClient={queryClient}>
      <StartupSplash prepare={prepare}>
        <RouterProvider router={router} />
      </StartupSplash>
    </AppProvider>
  );
}
