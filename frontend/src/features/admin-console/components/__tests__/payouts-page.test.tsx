import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Payout } from '@/api/payouts-types';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { brand, brandsState, refusal, signInAs } from './admin-mocks';

const money = (text: string) => ({ $numberDecimal: text });

function payout(overrides: Partial<Payout> = {}): Payout {
  return {
    brandId: 'b1',
    brandName: 'Urban Loom',
    month: '2026-10',
    gross: money('1000.00'),
    refunds: money('0.00'),
    commissionRate: 10,
    commission: money('100.00'),
    carriedIn: money('0.00'),
    payout: money('900.00'),
    carriedOut: money('0.00'),
    status: 'due',
    paidAt: null,
    reference: null,
    ...overrides,
  };
}

describe('Admin console: payouts', () => {
  it('lists every brand of the month and records a payout with a reference, confirmed', async () => {
    const user = userEvent.setup();
    const state = { payouts: [payout(), payout({ brandId: 'b2', brandName: 'Saffron', status: 'paid', reference: 'UTR-9' })] };
    const recorded: { path: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/admin/payouts', ({ request }) =>
        HttpResponse.json({
          success: true,
          month: new URL(request.url).searchParams.get('month'),
          payouts: state.payouts,
        }),
      ),
      http.post('*/api/admin/payouts/:brand/:month/paid', async ({ request, params }) => {
        const body = (await request.json()) as { reference: string };
        recorded.push({ path: `${String(params.brand)}/${String(params.month)}`, body });
        const paid = { ...state.payouts[0]!, status: 'paid' as const, reference: body.reference };
        state.payouts = [paid, state.payouts[1]!];
        return HttpResponse.json({ success: true, payout: paid });
      }),
    );
    signInAs(2);
    renderApp('/admin/payouts');
    const table = await screen.findByRole('table', { name: /Payouts of/u });
    const row = within(table).getByRole('rowheader', { name: 'Urban Loom' }).closest('tr')!;
    expect(within(row).getByText('₹900.00')).toBeInTheDocument();
    expect(within(row).getByText('Due')).toBeInTheDocument();
    expect(within(table).getByText('UTR-9')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Record payout: Urban Loom' }));
    const form = screen.getByRole('form', { name: 'Record payout: Urban Loom' });
    await user.click(within(form).getByRole('button', { name: 'Record payout' }));
    expect(within(form).getByText('Enter the payment reference.')).toBeInTheDocument();
    expect(recorded).toHaveLength(0);

    await user.type(within(form).getByLabelText('Reference'), 'UTR-2026-10');
    await user.click(within(form).getByRole('button', { name: 'Record payout' }));
    const dialog = await screen.findByRole('dialog', { name: "Record Urban Loom's payout for 2026-10?" });
    expect(within(dialog).getByText(/₹900.00 as paid with reference UTR-2026-10/u)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record as paid' }));
    expect(await screen.findByText("Urban Loom's payout for 2026-10 recorded.")).toBeInTheDocument();
    expect(recorded).toEqual([{ path: 'b1/2026-10', body: { reference: 'UTR-2026-10' } }]);
  });

  it('shows the server refusing a payout (the month paid meanwhile)', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('*/api/admin/payouts', () =>
        HttpResponse.json({ success: true, month: '2026-10', payouts: [payout()] }),
      ),
      http.post('*/api/admin/payouts/:brand/:month/paid', () =>
        refusal(409, 'ALREADY_PAID', 'The payout of 2026-10 is recorded already.'),
      ),
    );
    signInAs(2);
    renderApp('/admin/payouts');
    await user.click(await screen.findByRole('button', { name: 'Record payout: Urban Loom' }));
    const form = screen.getByRole('form', { name: 'Record payout: Urban Loom' });
    await user.type(within(form).getByLabelText('Reference'), 'UTR-1');
    await user.click(within(form).getByRole('button', { name: 'Record payout' }));
    await user.click(await screen.findByRole('button', { name: 'Record as paid' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The payout of 2026-10 is recorded already.',
    );
  });

  it('lists Payouts among the sections', async () => {
    signInAs(2);
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin console' });
    expect(within(nav).getByRole('link', { name: 'Payouts' })).toBeInTheDocument();
  });
});

describe('Admin console: a brand commission rate', () => {
  it('checks the rate as typed and sends it with the edit', async () => {
    const user = userEvent.setup();
    const { state, handlers } = brandsState([brand({ commissionRate: 5 })]);
    server.use(...handlers);
    signInAs(2);
    renderApp('/admin/brands');
    await user.click(await screen.findByRole('button', { name: 'Edit Urban Loom' }));
    const rate = screen.getByLabelText('Commission rate (%)');
    expect(rate).toHaveValue('5');
    await user.clear(rate);
    await user.type(rate, '50.5');
    expect(rate).toHaveAccessibleDescription('A percentage from 0 to 50, with at most 2 decimals.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(state.requests).toHaveLength(0);
    await user.clear(rate);
    await user.type(rate, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.requests).toHaveLength(1));
    expect(state.requests[0]?.body).toMatchObject({ commissionRate: 12.5, version: 1 });
  });
});
