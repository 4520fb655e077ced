import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useSessionActions } from '@/stores/session';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderHook, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { DASHBOARD_TEXTS as TEXTS } from '@/features/brand-console/utils/dashboard-texts';
import { lastDays } from '@/features/brand-console/utils/ist-days';
import { ProductInsights } from '../product-insights';

function signInAs(role: 0 | 1 | 2) {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser({ role })));
}

function recordDaily() {
  const asked: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/brand/insights/products/p1/daily') asked.push(url.searchParams);
  });
  return asked;
}

describe('Product editor: insights', () => {
  it("shows the product's 30 days: totals, the funnel over time and likes against orders, each with its table", async () => {
    const asked = recordDaily();
    signInAs(1);
    renderWithProviders(<ProductInsights productId="p1" />);
    const section = await screen.findByRole('region', { name: TEXTS.insights });
    expect(await within(section).findByText(TEXTS.funnelOverTime)).toBeInTheDocument();
    const { from, to } = lastDays(30);
    expect(asked[0]?.get('from')).toBe(from);
    expect(asked[0]?.get('to')).toBe(to);
    // 30 days of 40 + i cards shown: 30 * 40 + 435.
    expect(within(section).getByText('1,635')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: /Cards shown, likes, bag adds and orders for each day/u })).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: /Likes as a line and orders as bars/u })).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: `${TEXTS.likesAgainstOrders}, by day`, hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(31);
  });

  it('asks for 7 days when chosen, and offers Try Again after a failure', async () => {
    const user = userEvent.setup();
    const asked = recordDaily();
    signInAs(1);
    renderWithProviders(<ProductInsights productId="p1" />);
    await screen.findByText(TEXTS.funnelOverTime);
    await user.click(screen.getByRole('button', { name: TEXTS.lastDays(7) }));
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBe(lastDays(7).from));

    server.use(
      http.get('*/api/brand/insights/products/:id/daily', () =>
        HttpResponse.json({ error: 'boom', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: TEXTS.lastDays(90) }));
    expect(await screen.findByText(TEXTS.productLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
