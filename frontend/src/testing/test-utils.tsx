import { useLayoutEffect, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type To,
} from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/react-query';

/** What a test sees of the app's router: where it is, and a way to go elsewhere. */
export interface TestRouter {
  readonly state: { readonly location: Location };
  /** Navigates like a link; `await act(() => router.navigate(to))` lets the app render it. */
  navigate(to: To, options?: NavigateOptions): Promise<void>;
}

/** Reports the router's location and navigate function after every render. */
function RouterProbe({
  onRender,
}: {
  onRender: (location: Location, navigate: NavigateFunction) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    onRender(location, navigate);
  });
  return null;
}

/** Renders the whole app (shell and routes, no splash) at `url`. */
export function renderApp(url = '/') {
  const queryClient = createQueryClient();
  let current: { location: Location; navigate: NavigateFunction } | undefined;
  const rendered = () => {
    if (!current) throw new Error('The app has not rendered yet');
    return current;
  };
  const router: TestRouter = {
    get state() {
      return { location: rendered().location };
    },
    async navigate(to, options) {
      await rendered().navigate(to, options);
    },
  };
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <RouterProbe
          onRender={(location, navigate) => {
            current = { location, navigate };
          }}
        />
      </MemoryRouter>
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
