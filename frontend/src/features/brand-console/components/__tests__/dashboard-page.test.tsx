import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useSessionActions } from '@/stores/session';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { insightsSummary } from '@/testing/mocks/insights-handlers';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { lastDays } from '@/features/brand-console/utils/ist-days';
import { DASHBOARD_TEXTS as TEXTS } from '@/features/brand-console/utils/dashboard-texts';

function signInAs(role: 0 | 1 | 2) {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser({ role, email: 'team@loom.in' })));
}

/** Every insights call the page makes, with its query. */
function recordCalls() {
  const calls: { path: string; params: URLSearchParams }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/brand/insights')) {
      calls.push({ path: url.pathname.replace('/api/brand/insights', ''), params: url.searchParams });
    }
  });
  return calls;
}

const kpi = (label: string) => {
  const card = within(screen.getByRole('list', { name: TEXTS.kpis }))
    .getByText(label, { selector: 'span' })
    .closest('li');
  if (!card) throw new Error(`no KPI ${label}`);
  return card;
};

describe('Brand console: dashboard', () => {
  it('opens /brand on the dashboard, first in the sections, and refuses a shopper without asking', async () => {
    const calls = recordCalls();
    signInAs(0);
    renderApp('/brand');
    expect(await screen.findByText('The brand console is for brand teams', {}, { timeout: 5000 })).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Brand console' })).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Dashboard');
    expect(links[0]).toHaveAttribute('href', '/brand');
    expect(calls).toHaveLength(0);
  });

  it('shows the last 30 IST days by default: KPIs, funnel, chart table, top products, low stock', async () => {
    const calls = recordCalls();
    signInAs(1);
    renderApp('/brand');
    expect(await screen.findByRole('list', { name: TEXTS.kpis }, { timeout: 5000 })).toBeInTheDocument();
    const { from, to } = lastDays(30);
    const summaryCall = calls.find((call) => call.path === '/summary');
    expect(summaryCall?.params.get('from')).toBe(from);
    expect(summaryCall?.params.get('to')).toBe(to);
    expect(summaryCall?.params.has('brandId')).toBe(false);

    const expected = insightsSummary(from, to);
    expect(kpi(TEXTS.orders)).toHaveTextContent(String(expected.orders));
    expect(kpi(TEXTS.revenue)).toHaveTextContent(`₹${(expected.orders * 1299).toLocaleString('en-IN')}`);
    expect(kpi(TEXTS.netRevenue)).toHaveTextContent('after ₹1,299 refunded');
    expect(kpi(TEXTS.averageOrderValue)).toHaveTextContent('₹1,299');
    expect(kpi(TEXTS.returningShoppers)).toHaveTextContent('of shoppers');

    const funnel = screen.getByRole('region', { name: TEXTS.funnel });
    expect(within(funnel).getByText('25.0% of cards shown')).toBeInTheDocument();
    expect(within(funnel).getByText('20.0% of likes')).toBeInTheDocument();
    expect(within(funnel).getByText(/0\.8% of cards shown end in an order/u)).toBeInTheDocument();

    // The chart's text alternative: its description and every day as a table row.
    const chart = screen.getByRole('img', { name: /Revenue as bars and orders as a line/u });
    expect(chart).toBeInTheDocument();
    const table = screen.getByRole('table', { name: `${TEXTS.salesChart}, by day`, hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(31);

    const byRevenue = await screen.findByRole('region', { name: TEXTS.topByRevenue });
    const revenueRows = await within(byRevenue).findAllByRole('row');
    expect(revenueRows[1]).toHaveTextContent('Linen shirt');
    expect(revenueRows[1]).toHaveTextContent('#3 trending');
    expect(within(revenueRows[1] as HTMLElement).getByRole('link', { name: 'Linen shirt' })).toHaveAttribute(
      'href',
      '/brand/products/p1',
    );
    const byLikes = screen.getByRole('region', { name: TEXTS.topByLikeRate });
    const likeRows = await within(byLikes).findAllByRole('row');
    expect(likeRows[1]).toHaveTextContent('Block-print kurta');
    expect(likeRows[1]).toHaveTextContent('73.3%');
    expect(calls.filter((call) => call.path === '/products').map((call) => call.params.get('sort')).sort()).toEqual([
      'likeRate',
      'revenue',
    ]);

    const lowStock = screen.getByRole('region', { name: TEXTS.lowStock });
    expect(await within(lowStock).findByRole('row', { name: /Block-print kurta XL 2/u })).toBeInTheDocument();
  });

  it('asks again for 7 days, and for a custom period once it is valid', async () => {
    const user = userEvent.setup();
    const calls = recordCalls();
    signInAs(1);
    const { router } = renderApp('/brand');
    await screen.findByRole('list', { name: TEXTS.kpis }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: TEXTS.lastDays(7) }));
    const week = lastDays(7);
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/summary' && call.params.get('from') === week.from)).toBe(true),
    );
    expect(router.state.location.search).toBe('?days=7');
    expect(screen.getByRole('button', { name: TEXTS.lastDays(7) })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: TEXTS.custom }));
    const fromField = screen.getByLabelText(TEXTS.from);
    const toField = screen.getByLabelText(TEXTS.to);
    await user.clear(fromField);
    await user.type(fromField, '2026-10-31');
    await user.clear(toField);
    await user.type(toField, '2026-10-01');
    await user.click(screen.getByRole('button', { name: TEXTS.apply }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must not be after the last.');

    await user.clear(toField);
    await user.type(toField, '2026-11-05');
    await user.click(screen.getByRole('button', { name: TEXTS.apply }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.path === '/summary' && call.params.get('from') === '2026-10-31' && call.params.get('to') === '2026-11-05',
        ),
      ).toBe(true),
    );
    expect(router.state.location.search).toBe('?from=2026-10-31&to=2026-11-05');
    expect(await screen.findByText('2026-10-31 to 2026-11-05 (IST)')).toBeInTheDocument();
  });

  it('says when nothing happened, and still lists low stock', async () => {
    server.use(
      http.get('*/api/brand/insights/summary', () => {
        const quiet = insightsSummary();
        return HttpResponse.json({
          ...quiet,
          orders: 0,
          refunds: { $numberDecimal: '0.00' },
          funnel: { cardsShown: 0, likes: 0, bagAdds: 0, orders: 0 },
        });
      }),
    );
    signInAs(1);
    renderApp('/brand');
    expect(await screen.findByRole('heading', { name: TEXTS.emptyTitle })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: TEXTS.lowStock })).toBeInTheDocument();
  });

  it('shows a failure with Try Again, which asks again', async () => {
    const user = userEvent.setup();
    let asked = 0;
    server.use(
      http.get('*/api/brand/insights/summary', ({ request }) => {
        asked += 1;
        const url = new URL(request.url);
        if (asked === 1) return HttpResponse.json({ error: 'boom', code: 'INTERNAL' }, { status: 500 });
        return HttpResponse.json(insightsSummary(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''));
      }),
    );
    signInAs(1);
    renderApp('/brand');
    expect(await screen.findByText(TEXTS.loadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: TEXTS.kpis }, { timeout: 5000 })).toBeInTheDocument();
    expect(asked).toBe(2);
  });

  it("sends an admin's brand, and asks for one when the server needs it", async () => {
    const user = userEvent.setup();
    const calls = recordCalls();
    server.use(
      http.get('*/api/admin/brands', () =>
        HttpResponse.json({ brands: [{ _id: 'b1', name: 'Loom' }] }),
      ),
      http.get('*/api/brand/insights/summary', ({ request }) => {
        const url = new URL(request.url);
        if (!url.searchParams.get('brandId'))
          return HttpResponse.json({ error: 'Choose a brand.', code: 'BRAND_REQUIRED' }, { status: 400 });
        return HttpResponse.json(insightsSummary(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''));
      }),
    );
    signInAs(2);
    renderApp('/brand');
    expect(await screen.findByRole('heading', { name: TEXTS.brandRequired })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Loom' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'b1');
    expect(await screen.findByRole('list', { name: TEXTS.kpis }, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/low-stock' && call.params.get('brandId') === 'b1')).toBe(true);
  });
});
