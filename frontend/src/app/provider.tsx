import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { setTokenSource } from '@/lib/api';
import { getSessionToken } from '@/stores/session';

// The API client reads the session token from the session store, wired here so lib stays free
// of store imports.
setTokenSource(getSessionToken);

export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
