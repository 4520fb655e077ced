import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CANCELLATION_TOASTS } from '@/hooks/use-orders';
import { CANCEL_BLOCKED_MESSAGES } from '@/lib/orders';
import type { Order } from '@/api/orders';
import { useSessionActions } from '@/stores/session';
import { order, orderLine, ordersState } from '@/testing/mocks/order-handlers';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { CANCEL_DIALOG_TEXTS } from '../cancel-item-dialog';
import { MY_ORDERS_TEXTS } from '../my-orders-screen';

function signIn(userId = 'u1') {
  const actions = renderHook(() => useSessionActions()).result.current;
  act(() => actions.loggedIn(serverUser({ _id: userId })));
}

function withOrders(...orders: Order[]) {
  const state = ordersState(orders);
  server.use(...state.handlers);
  return state;
}

const card = (id: string) => screen.findByRole('article', { name: `Order #${id.slice(-8)}` });

async function openCancel(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Cancel: ${name}` }));
  return screen.getByRole('dialog', { name: CANCEL_DIALOG_TEXTS.title });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('My Orders (/my-orders, 001 §2, §4, §6, §8)', () => {
  it('asks a signed-out visitor to sign in, and reads nothing', async () => {
    const state = withOrders(order());
    renderApp('/my-orders');
    expect(
      await screen.findByRole('heading', { name: MY_ORDERS_TEXTS.signIn }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/profile');
    expect(state.reads()).toBe(0);
  });

  it("says 'User not found' for a session without a user id, and reads nothing", async () => {
    signIn('');
    const state = withOrders(order());
    renderApp('/my-orders');
    expect(
      await screen.findByRole('heading', { name: MY_ORDERS_TEXTS.userNotFound }),
    ).toBeInTheDocument();
    expect(state.reads()).toBe(0);
  });

  it("shows 'No Orders Yet' with 'Start Shopping' to /", async () => {
    signIn();
    withOrders();
    renderApp('/my-orders');
    expect(
      await screen.findByRole('heading', { name: MY_ORDERS_TEXTS.emptyTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(MY_ORDERS_TEXTS.emptyHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
  });

  it("says 'Failed to fetch orders' with 'Try Again', which reads again", async () => {
    const user = userEvent.setup();
    signIn();
    let reads = 0;
    server.use(
      http.get('*/api/orders/user/:userId', () => {
        reads += 1;
        return reads === 1
          ? HttpResponse.json({ error: 'Internal error', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json({ success: true, orders: [order()] });
      }),
    );
    renderApp('/my-orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(MY_ORDERS_TEXTS.loadFailed);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await card(order()._id)).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it("says 'Failed to fetch orders' for an unsuccessful answer", async () => {
    signIn();
    server.use(http.get('*/api/orders/user/:userId', () => HttpResponse.json({ success: false })));
    renderApp('/my-orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(MY_ORDERS_TEXTS.loadFailed);
  });

  it("says 'User not found' when the server does not know the user", async () => {
    signIn();
    server.use(
      http.get('*/api/orders/user/:userId', () =>
        HttpResponse.json({ error: 'User not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderApp('/my-orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(MY_ORDERS_TEXTS.userNotFound);
  });

  it("opens the support chat from an order's help, asking about that order", async () => {
    const user = userEvent.setup();
    signIn();
    withOrders(order());
    const { router } = renderApp('/my-orders');
    const placed = await card(order()._id);
    await user.click(within(placed).getByRole('link', { name: 'Need help with this order?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(await screen.findByText(`I need help with Order #${order()._id.slice(-8)}.`)).toBeInTheDocument();
  });

  it("counts '1 order' in the header", async () => {
    signIn();
    withOrders(order());
    renderApp('/my-orders');
    expect(await screen.findByText('1 order')).toBeInTheDocument();
  });

  it("counts 'N orders' in the header; back goes to /profile", async () => {
    const user = userEvent.setup();
    signIn();
    withOrders(order(), order({ _id: 'ffffffffffffffff00000002' }));
    const { router } = renderApp('/my-orders');
    expect(await screen.findByText('2 orders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('shows an order: id, en-IN date-time, status, lines, payment, delivery date and total', async () => {
    signIn();
    withOrders(
      order({
        totalAmount: { $numberDecimal: '125999.50' },
        products: [
          orderLine(),
          orderLine({
            product: null,
            name: '',
            size: '',
            quantity: 2,
            price: { $numberDecimal: '450' },
          }),
        ],
      }),
    );
    renderApp('/my-orders');
    const shown = await card('6650f0c2a1b2c3d4e5f60718');
    expect(within(shown).getByRole('heading', { name: 'Order #e5f60718' })).toBeInTheDocument();
    // 10:00 UTC is 3:30 pm in India.
    expect(within(shown).getByText('23 Nov 2026, 3:30 pm')).toBeInTheDocument();
    expect(within(shown).getByText('Processing')).toHaveClass('amber');

    const [tee, gone] = within(shown).getAllByRole('listitem');
    expect(within(tee!).getByText('Navy Oversized Tee')).toBeInTheDocument();
    expect(within(tee!).getByRole('img', { name: 'Navy Oversized Tee' })).toHaveAttribute(
      'src',
      '/api/media/navy-tee.jpg',
    );
    expect(within(tee!).getByText('Size: M · Qty: 1')).toBeInTheDocument();
    expect(within(tee!).getByText('₹1,039.20')).toBeInTheDocument();
    expect(within(tee!).queryByText('Product was removed')).not.toBeInTheDocument();

    expect(within(gone!).getByText('Item unavailable')).toBeInTheDocument();
    expect(within(gone!).getByText('Size: — · Qty: 2')).toBeInTheDocument();
    expect(within(gone!).getByText('₹450')).toBeInTheDocument();
    expect(within(gone!).getByText('Product was removed')).toBeInTheDocument();

    expect(within(shown).getByText('Paid')).toHaveClass('paid');
    expect(within(shown).getByText('28 Nov 2026')).toBeInTheDocument();
    expect(within(shown).getByText('₹1,25,999.50')).toBeInTheDocument();
    expect(within(shown).queryByText('Refund')).not.toBeInTheDocument();
  });

  it('shows an unpaid order as pending in yellow', async () => {
    signIn();
    withOrders(order({ paymentStatus: 'pending' }));
    renderApp('/my-orders');
    expect(within(await card(order()._id)).getByText('pending')).toHaveClass('pending');
  });

  it.each([
    ['Delivered', null, 'Delivered', 'green'],
    ['Out for Delivery', null, 'Out for Delivery', 'blue'],
    ['Shipped', null, 'Shipped', 'purple'],
    ['Accepted', null, 'Accepted', 'blue'],
    ['Cancellation Requested', 'cancel_requested', 'Cancellation Requested', 'orange'],
    ['Cancelled', 'cancelled', 'Order cancelled successfully', 'red'],
    ['Processing', 'cancel_rejected', 'Cancellation rejected by brand', 'amber'],
    ['pending', null, 'pending', 'grey'],
    ['Returned to seller', null, 'Returned to seller', 'grey'],
  ])('shows delivery status %s with status %s as %s in %s', async (delivery, status, text, tone) => {
    signIn();
    withOrders(order({ deliveryStatus: delivery, status }));
    renderApp('/my-orders');
    expect(within(await card(order()._id)).getByText(text)).toHaveClass(tone);
  });

  it.each([
    ['completed', 'Completed'],
    ['initiated', 'Initiated'],
    [null, 'Not Initiated'],
  ])('shows refund %s as %s on a cancelled order', async (refundStatus, label) => {
    signIn();
    // null is no longer in the contract; the badge still reads it as 'Not Initiated'.
    withOrders(
      order({ deliveryStatus: 'Cancelled', status: 'cancelled', refundStatus: refundStatus as string }),
    );
    renderApp('/my-orders');
    const shown = await card(order()._id);
    expect(within(shown).getByText('Refund')).toBeInTheDocument();
    expect(within(shown).getByText(label)).toBeInTheDocument();
  });

  it('disables Cancel and says why once an order has shipped', async () => {
    signIn();
    withOrders(order({ deliveryStatus: 'Shipped' }));
    renderApp('/my-orders');
    const shown = await card(order()._id);
    expect(within(shown).getByRole('button', { name: 'Cancel: Navy Oversized Tee' })).toBeDisabled();
    expect(within(shown).getByText(CANCEL_BLOCKED_MESSAGES.shipped)).toBeInTheDocument();
  });

  it("labels a line 'Requested', disabled, while the order is in Cancellation Requested", async () => {
    signIn();
    withOrders(order({ deliveryStatus: 'Cancellation Requested', status: 'cancel_requested' }));
    renderApp('/my-orders');
    const shown = await card(order()._id);
    expect(
      within(shown).getByRole('button', { name: 'Requested: Navy Oversized Tee' }),
    ).toBeDisabled();
    expect(within(shown).queryByText(CANCEL_BLOCKED_MESSAGES.shipped)).not.toBeInTheDocument();
  });
});

describe('Cancelling an order item (001 §2, §4, §5, §8)', () => {
  it('opens the dialog with its words and the item; Cancel closes it and sends nothing', async () => {
    const user = userEvent.setup();
    signIn();
    const state = withOrders(order());
    renderApp('/my-orders');
    const dialog = await openCancel(user, 'Navy Oversized Tee');
    expect(within(dialog).getByText(CANCEL_DIALOG_TEXTS.message)).toBeInTheDocument();
    expect(within(dialog).getByText('Navy Oversized Tee')).toBeInTheDocument();
    expect(within(dialog).getByText('Size: M · Qty: 1 · ₹1,039.20')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('textbox', { name: 'Cancellation Reason (Optional)' }),
    ).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(state.sent).toHaveLength(0);
  });

  it('marks the line at once, says Submitting..., then shows the 5 s success notice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    signIn();
    const state = withOrders(
      order({ products: [orderLine(), orderLine({ name: 'Cargo Pants', size: 'L' })] }),
    );
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/cancel-requests/create', async () => {
        await gate;
      }, { once: true }),
      ...state.handlers.slice(1),
    );
    renderApp('/my-orders');
    const dialog = await openCancel(user, 'Cargo Pants');
    await user.type(within(dialog).getByRole('textbox'), '  Ordered the wrong size  ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const shown = await card(order()._id);
    expect(
      await within(shown).findByRole('button', { name: 'Requested: Cargo Pants' }),
    ).toBeDisabled();
    expect(within(shown).getByRole('button', { name: 'Cancel: Navy Oversized Tee' })).toBeEnabled();

    release();
    const notice = await screen.findByText(CANCELLATION_TOASTS.submitted);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(state.sent).toEqual([
      {
        orderId: order()._id,
        productId: 'p-navy-tee',
        productIndex: 1,
        reason: 'Ordered the wrong size',
      },
    ]);
    // The order is now Cancellation Requested: every line reads 'Requested'.
    expect(within(shown).getByText('Cancellation Requested')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Requested: Navy Oversized Tee' })).toBeDisabled();

    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(notice).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.queryByText(CANCELLATION_TOASTS.submitted)).not.toBeInTheDocument();
  });

  it('sends a blank reason as null, and the notice can be dismissed', async () => {
    const user = userEvent.setup();
    signIn();
    const state = withOrders(order());
    renderApp('/my-orders');
    const dialog = await openCancel(user, 'Navy Oversized Tee');
    await user.type(within(dialog).getByRole('textbox'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    const notice = (await screen.findByText(CANCELLATION_TOASTS.submitted)).closest<HTMLElement>('[role="status"]')!;
    expect(state.sent[0]?.reason).toBeNull();

    await user.click(within(notice).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText(CANCELLATION_TOASTS.submitted)).not.toBeInTheDocument();
  });

  it('takes the mark off again and shows the 5 s error notice when the request fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    signIn();
    withOrders(order());
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/cancel-requests/create', async () => {
        await gate;
        return HttpResponse.json({ error: 'Internal error', code: 'INTERNAL' }, { status: 500 });
      }),
    );
    renderApp('/my-orders');
    const dialog = await openCancel(user, 'Navy Oversized Tee');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    const shown = await card(order()._id);
    expect(
      await within(shown).findByRole('button', { name: 'Requested: Navy Oversized Tee' }),
    ).toBeDisabled();

    release();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(CANCELLATION_TOASTS.failed);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Cancel: Navy Oversized Tee' })).toBeEnabled();
    expect(within(shown).getByText('Processing')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(notice).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.queryByText(CANCELLATION_TOASTS.failed)).not.toBeInTheDocument();
  });

  it("shows the server's reason and the order as it is now when it has moved on", async () => {
    const user = userEvent.setup();
    signIn();
    const state = withOrders(order());
    server.use(
      http.post('*/api/cancel-requests/create', () => {
        server.use(
          http.get('*/api/orders/user/:userId', () =>
            HttpResponse.json({ success: true, orders: [order({ deliveryStatus: 'Shipped' })] }),
          ),
        );
        return HttpResponse.json(
          { error: CANCEL_BLOCKED_MESSAGES.shipped, code: 'CANCEL_NOT_ALLOWED' },
          { status: 422 },
        );
      }),
    );
    renderApp('/my-orders');
    const dialog = await openCancel(user, 'Navy Oversized Tee');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CANCEL_BLOCKED_MESSAGES.shipped);
    const shown = await card(order()._id);
    await waitFor(() => expect(within(shown).getByText('Shipped')).toBeInTheDocument());
    expect(within(shown).getByRole('button', { name: 'Cancel: Navy Oversized Tee' })).toBeDisabled();
    expect(state.sent).toHaveLength(0);
  });
});
