import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/react-query';

/** Renders the whole app (shell and routes, no splash) at `url`. */
export function renderApp(url = '/') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [url] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one component with a fresh query client and a router at `url`. */
export function renderWithProviders(ui: ReactNode, { url = '/' }: { url?: string } = {}) {
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </AppProvider>,
  );
  return { ...view, queryClient };
}

export * from '@testing-library/react';
