import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { homeKeys } from '@/features/home/api/home-queries';
import { DEFAULT_HOME_GENDER } from '@/features/home/utils/genders';
import { createQueryClient } from '@/lib/react-query';
import { urbanDhaaga } from '@/testing/mocks/fixtures';
import { act, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { preloadRoute } from '../router';

// Two screens that fail: one throws while rendering, the other's code never loads.
vi.mock('@/app/routes/offers', () => ({
  OffersRoute: () => {
    throw new Error('the offers screen broke');
  },
}));
vi.mock('@/app/routes/deals', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('routes (000 §2.1)', () => {
  it.each(['/', '/swipe', '/home', '/collection', '/trends', '/bag', '/home/'])(
    'draws the tab screen %s with the bottom navigation',
    async (url) => {
      renderApp(url);
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    },
  );

  it.each(['/brands', '/brand', '/privacy', '/swipe/more', '/no/such/page'])(
    'draws %s without the bottom navigation',
    async (url) => {
      renderApp(url);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    },
  );
});

describe('a screen that fails', () => {
  it.each([
    ['throws while rendering', '/offers'],
    ['cannot load its code', '/deals'],
  ])('%s: the shell stays with Try Again and Go to Explore', async (_, url) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(url);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeVisible();
    const explore = within(alert).getByRole('link', { name: 'Go to Explore' });
    expect(explore).toHaveAttribute('href', '/home');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('gives way to the next screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { router } = renderApp('/offers');
    await user.click(await screen.findByRole('link', { name: 'Go to Explore' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('scroll on navigation', () => {
  it('puts a newly opened screen at the top; back and a new query keep the place', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    const { router } = renderApp('/home');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/brands'));
    await act(() => router.navigate(`/brands/${urbanDhaaga._id}`));
    // The router's state moves before the screen renders: wait for the brand page itself, so
    // its scroll has happened before the next step counts calls afresh.
    expect(await screen.findByRole('heading', { name: urbanDhaaga.name, level: 1 })).toBeVisible();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollTo.mockClear();
    await act(() => router.navigate(`/brands/${urbanDhaaga._id}?gender=male`));
    expect(router.state.location.search).toBe('?gender=male');
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands'));
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/privacy', { replace: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('preloadRoute', () => {
  it("loads home's code and starts its first fetches", async () => {
    const queryClient = createQueryClient();
    await preloadRoute('/home', queryClient);
    const gender = DEFAULT_HOME_GENDER.gender;
    for (const key of [
      homeKeys.hero(),
      homeKeys.categories(gender),
      homeKeys.trending(gender),
      homeKeys.brands(),
    ]) {
      expect(queryClient.getQueryState(key)).toBeDefined();
    }
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it.each(['/', '/product/p1', '/no/such/page'])(
    'loads the code of %s, fetching nothing',
    async (url) => {
      const queryClient = createQueryClient();
      await expect(preloadRoute(url, queryClient)).resolves.toBeUndefined();
      expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    },
  );

  it('rejects when the screen cannot load, for the splash to carry on', async () => {
    await expect(preloadRoute('/deals', createQueryClient())).rejects.toThrow();
  });
});
