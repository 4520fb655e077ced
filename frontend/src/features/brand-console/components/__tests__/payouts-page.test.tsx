import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Payout } from '@/api/payouts-types';
import { useSessionActions } from '@/stores/session';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, within } from '@/testing/test-utils';

function signInAs(role: 0 | 1 | 2) {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser({ role, email: 'team@loom.in' })));
}

const money = (text: string) => ({ $numberDecimal: text });

function payout(overrides: Partial<Payout> = {}): Payout {
  return {
    brandId: 'b1',
    brandName: 'Loom',
    month: '2026-11',
    gross: money('4197.00'),
    refunds: money('0.00'),
    commissionRate: 12.5,
    commission: money('524.63'),
    carriedIn: money('0.00'),
    payout: money('3672.37'),
    carriedOut: money('0.00'),
    status: 'due',
    paidAt: null,
    reference: null,
    orders: [
      {
        orderId: 'o1',
        placedAt: '2026-11-23T10:00:00Z',
        total: money('1399.00'),
        refunded: money('0.00'),
        commission: money('174.88'),
      },
    ],
    ...overrides,
  };
}

describe('Brand console: payouts', () => {
  it('refuses a shopper without asking the server', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/brand/payouts', () => {
        asked += 1;
        return HttpResponse.json({});
      }),
    );
    signInAs(0);
    renderApp('/brand/payouts');
    expect(await screen.findByText('The brand console is for brand teams')).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('shows the month, its orders and the CSV link, by month', async () => {
    const months: string[] = [];
    server.use(
      http.get('*/api/brand/payouts', ({ request }) => {
        const month = new URL(request.url).searchParams.get('month') ?? '';
        months.push(month);
        return HttpResponse.json({
          success: true,
          payout: payout({
            month,
            status: 'paid',
            paidAt: '2026-12-02T05:00:00Z',
            reference: 'UTR-1',
          }),
        });
      }),
    );
    signInAs(1);
    renderApp('/brand/payouts');
    const figures = await screen.findByRole('list', { name: 'The month in figures' });
    expect(within(figures).getByText('₹4,197.00')).toBeInTheDocument();
    expect(within(figures).getByText('Commission (12.5%)')).toBeInTheDocument();
    expect(within(figures).getByText('₹3,672.37')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText(/reference UTR-1/u)).toBeInTheDocument();
    const orders = screen.getByRole('table', { name: 'Orders of the month' });
    expect(within(orders).getByRole('rowheader', { name: 'o1' })).toBeInTheDocument();
    expect(within(orders).getByText('₹174.88')).toBeInTheDocument();

    const picker = screen.getByLabelText('Month');
    await userEvent.setup().clear(picker);
    await userEvent.setup().type(picker, '2026-10');
    expect(await screen.findByRole('heading', { name: /Loom · 2026-10/u })).toBeInTheDocument();
    expect(months).toContain('2026-10');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/brand/payouts/export?month=2026-10',
    );
  });

  it('shows what a month of refunds carries forward', async () => {
    server.use(
      http.get('*/api/brand/payouts', () =>
        HttpResponse.json({
          success: true,
          payout: payout({
            status: 'open',
            gross: money('0.00'),
            refunds: money('1399.00'),
            commission: money('-174.88'),
            payout: money('0.00'),
            carriedOut: money('1224.12'),
            orders: [],
          }),
        }),
      ),
    );
    signInAs(1);
    renderApp('/brand/payouts');
    expect(await screen.findByText('₹1,224.12 is carried into next month.')).toBeInTheDocument();
    expect(screen.getByText('-₹174.88')).toBeInTheDocument();
    expect(screen.getByText('No orders this month')).toBeInTheDocument();
  });

  it('asks an admin to pick a brand first', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/brand/payouts', () => {
        asked += 1;
        return HttpResponse.json({ success: true, payout: payout() });
      }),
      http.get('*/api/admin/brands', () => HttpResponse.json({ success: true, brands: [] })),
    );
    signInAs(2);
    renderApp('/brand/payouts');
    expect(await screen.findByText('Pick a brand')).toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
