import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BRAND_ORDER_TOASTS } from '@/hooks/use-brand-orders';
import type { BrandOrder } from '@/api/brand';
import type { BrandRef } from '@/lib/product';
import { ROLE, useSessionActions } from '@/stores/session';
import {
  brandConsoleForbidden,
  brandConsoleState,
  brandOrder,
  requestedOrder,
  urbanDhaagaBrand,
} from '@/testing/mocks/brand-handlers';
import { orderLine } from '@/testing/mocks/order-handlers';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { BRAND_CONSOLE_TEXTS as TEXTS } from '@/features/brand-console/utils/brand-console-texts';

type User = ReturnType<typeof userEvent.setup>;

function signIn(role: number) {
  const actions = renderHook(() => useSessionActions()).result.current;
  act(() => actions.loggedIn(serverUser({ role })));
}

function withConsole(orders: BrandOrder[], brand: BrandRef | null = urbanDhaagaBrand) {
  const state = brandConsoleState(orders, brand);
  server.use(...state.handlers);
  return state;
}

const section = (name: string) => screen.findByRole('region', { name });
const requestsSection = () => section(TEXTS.requests);
const ordersSection = () => section(TEXTS.orders);
const card = async (where: Promise<HTMLElement>, id: string) =>
  within(await where).findByRole('article', { name: `Order #${id.slice(-8)}` });
const fact = (inside: HTMLElement, term: string) =>
  within(inside).getByText(term, { selector: 'dt' }).nextElementSibling;

const shipped = brandOrder({ _id: '6650f0c2a1b2c3d4e5f60801', deliveryStatus: 'Shipped' });
const requested = requestedOrder({ _id: '6650f0c2a1b2c3d4e5f60902' });

async function approveAfterConfirming(user: User) {
  const request = await card(requestsSection(), requested._id);
  await user.click(within(request).getByRole('button', { name: TEXTS.approve }));
  const dialog = screen.getByRole('dialog', { name: TEXTS.confirmTitle });
  await user.click(within(dialog).getByRole('button', { name: TEXTS.approve }));
}

describe('the brand console (/brand): who may use it', () => {
  it('asks a signed-out visitor to sign in, and reads nothing', async () => {
    const user = userEvent.setup();
    const state = withConsole([brandOrder()]);
    renderApp('/brand/orders');
    expect(await screen.findByRole('heading', { name: TEXTS.signIn })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: TEXTS.signInButton }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toHaveAccessibleDescription(
      TEXTS.signInReason,
    );
    expect(state.reads()).toBe(0);
  });

  it('tells a shopper the console is for brand teams, and reads nothing', async () => {
    signIn(ROLE.shopper);
    const state = withConsole([brandOrder()]);
    renderApp('/brand/orders');
    expect(await screen.findByRole('heading', { name: TEXTS.teamsOnly })).toBeInTheDocument();
    expect(screen.getByText(TEXTS.teamsOnlyHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXTS.backToProfile })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('region', { name: TEXTS.orders })).not.toBeInTheDocument();
    expect(state.reads()).toBe(0);
  });

  it("shows the server's reason when it refuses the session with 403", async () => {
    signIn(ROLE.brandUser);
    server.use(brandConsoleForbidden);
    renderApp('/brand/orders');
    expect(await screen.findByRole('heading', { name: TEXTS.teamsOnly })).toBeInTheDocument();
    expect(
      screen.getByText("Only the brand's team or an admin can manage orders."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });
});

describe('the brand console (/brand): the orders', () => {
  it('names the brand, lists open requests, then every order; the way back goes to /profile', async () => {
    const user = userEvent.setup();
    signIn(ROLE.brandUser);
    withConsole([shipped, requested]);
    const { router } = renderApp('/brand/orders');
    expect(
      await screen.findByRole('heading', { level: 1, name: urbanDhaagaBrand.name }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: TEXTS.title })).toBeInTheDocument();

    const request = await card(requestsSection(), requested._id);
    expect(within(request).getByText('Navy Oversized Tee')).toBeInTheDocument();
    expect(within(request).getByText('Size M · Qty 1 · ₹1,039.20')).toBeInTheDocument();
    expect(fact(request, TEXTS.reason)).toHaveTextContent('Ordered the wrong size');
    expect(fact(request, TEXTS.customer)).toHaveTextContent('asha@example.in');
    expect(fact(request, TEXTS.orderTotal)).toHaveTextContent('₹1,039.20');
    expect(within(await requestsSection()).getAllByRole('article')).toHaveLength(1);

    const orders = within(await ordersSection()).getAllByRole('article');
    expect(orders.map((o) => o.getAttribute('aria-label'))).toEqual([
      'Order #e5f60801',
      'Order #e5f60902',
    ]);
    const first = orders[0]!;
    // 10:00 UTC is 3:30 pm in India.
    expect(within(first).getByText('23 Nov 2026, 3:30 pm')).toBeInTheDocument();
    expect(within(first).getByText('Navy Oversized Tee')).toBeInTheDocument();
    expect(fact(first, TEXTS.payment)).toHaveTextContent('Paid');
    expect(fact(first, TEXTS.delivery)).toHaveTextContent('Shipped');
    expect(fact(first, TEXTS.total)).toHaveTextContent('₹1,039.20');
    expect(within(first).queryByText(TEXTS.refund)).not.toBeInTheDocument();
    // A request waits on the second: it is decided before its delivery moves.
    expect(within(orders[1]!).getByText(TEXTS.decideFirst)).toBeInTheDocument();
    expect(within(orders[1]!).queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to the shop' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it("says 'No reason given' for a request without one", async () => {
    signIn(ROLE.brandUser);
    withConsole([
      requestedOrder({
        cancelRequest: { ...requested.cancelRequest!, reason: null, productIndex: 1 },
        products: [orderLine(), orderLine({ name: 'Rust Linen Shirt', size: 'L', quantity: 2 })],
      }),
    ]);
    renderApp('/brand/orders');
    const request = await card(requestsSection(), requestedOrder()._id);
    expect(fact(request, TEXTS.reason)).toHaveTextContent(TEXTS.noReason);
    expect(within(request).getByText('Rust Linen Shirt')).toBeInTheDocument();
    expect(within(request).queryByText('Navy Oversized Tee')).not.toBeInTheDocument();
  });

  it("shows an admin every brand's orders under 'All brands', each with its brand", async () => {
    signIn(ROLE.admin);
    withConsole([brandOrder({ brandName: 'Zari Lane' })], null);
    renderApp('/brand/orders');
    expect(
      await screen.findByRole('heading', { level: 1, name: TEXTS.allBrands }),
    ).toBeInTheDocument();
    const shown = await card(ordersSection(), brandOrder()._id);
    expect(within(shown).getByText('Zari Lane · asha@example.in')).toBeInTheDocument();
    expect(within(await requestsSection()).getByText(TEXTS.noRequests)).toBeInTheDocument();
  });

  it("says 'No orders yet' when the brand has none", async () => {
    signIn(ROLE.brandUser);
    withConsole([]);
    renderApp('/brand/orders');
    expect(await screen.findByRole('heading', { name: TEXTS.emptyTitle })).toBeInTheDocument();
  });

  it('says the orders failed to load, and Try Again reads them again', async () => {
    const user = userEvent.setup();
    signIn(ROLE.brandUser);
    let reads = 0;
    server.use(
      http.get('*/api/brand/orders', () => {
        reads += 1;
        return reads === 1
          ? HttpResponse.json({ error: 'Internal error', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json({ success: true, brand: urbanDhaagaBrand, orders: [shipped] });
      }),
    );
    renderApp('/brand/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.loadFailed);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await card(ordersSection(), shipped._id)).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('says the orders failed to load for an answer without its orders', async () => {
    signIn(ROLE.brandUser);
    server.use(http.get('*/api/brand/orders', () => HttpResponse.json({ success: true })));
    renderApp('/brand/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.loadFailed);
  });
});

describe('the brand console (/brand): cancellation requests', () => {
  it('approves only after confirming, then shows the order cancelled and its refund', async () => {
    const user = userEvent.setup();
    signIn(ROLE.brandUser);
    const state = withConsole([requested]);
    renderApp('/brand/orders');
    const request = await card(requestsSection(), requested._id);

    await user.click(within(request).getByRole('button', { name: TEXTS.approve }));
    const dialog = screen.getByRole('dialog', { name: TEXTS.confirmTitle });
    expect(dialog).toHaveAccessibleDescription(
      TEXTS.confirmMessage('Order #e5f60902', '₹1,039.20'),
    );
    await user.click(within(dialog).getByRole('button', { name: TEXTS.keep }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(state.sent).toEqual([]);

    await approveAfterConfirming(user);
    expect(state.sent).toEqual([{ orderId: requested._id, body: { decision: 'approve' } }]);
    expect(
      await screen.findByText(BRAND_ORDER_TOASTS.approved(state.orders()[0]!)),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(await requestsSection()).findByText(TEXTS.noRequests)).toBeInTheDocument();
    const shown = await card(ordersSection(), requested._id);
    expect(fact(shown, TEXTS.delivery)).toHaveTextContent('Cancelled');
    expect(fact(shown, TEXTS.refund)).toHaveTextContent('Initiated');
    expect(state.reads()).toBe(2);
  });

  it('shows a completed refund once the provider confirms it', async () => {
    signIn(ROLE.brandUser);
    withConsole([
      brandOrder({
        deliveryStatus: 'Cancelled',
        status: 'cancelled',
        refundStatus: 'completed',
      }),
    ]);
    renderApp('/brand/orders');
    const shown = await card(ordersSection(), brandOrder()._id);
    expect(fact(shown, TEXTS.refund)).toHaveTextContent('Completed');
    expect(within(shown).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('rejects without asking, and the order goes back to its delivery status', async () => {
    const user = userEvent.setup();
    signIn(ROLE.brandUser);
    const state = withConsole([requested]);
    renderApp('/brand/orders');
    const request = await card(requestsSection(), requested._id);
    await user.click(within(request).getByRole('button', { name: TEXTS.reject }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(state.sent).toEqual([{ orderId: requested._id, body: { decision: 'reject' } }]);
    expect(
      await screen.findByText('Cancellation rejected. Order #e5f60902 is back to Processing.'),
    ).toBeInTheDocument();
    expect(await within(await requestsSection()).findByText(TEXTS.noRequests)).toBeInTheDocument();
    const shown = await card(ordersSection(), requested._id);
    expect(fact(shown, TEXTS.delivery)).toHaveTextContent('Processing');
    expect(within(shown).getByRole('combobox', { name: TEXTS.moveTo })).toBeInTheDocument();
  });

  it("shows the server's words when the request was decided already", async () => {
    const user = userEvent.setup();
    signIn(ROLE.brandUser);
    const state = withConsole([requested]);
    renderApp('/brand/orders');
    await card(requestsSection(), requested._id);
    // A colleague decided it on another phone after this list was read.
    state.changed(requested._id, { cancelRequest: null, status: 'cancel_rejected' });
    await approveAfterConfirming(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order has no cancellation request waiting for review.',
    );
    expect(await within(await requestsSection()).findByText(TEXTS.noRequests)).toBeInTheDocument();
  });
});

describe('the brand console (/brand): delivery moves', () => {
  it('moves an order to its next step, and offers the steps after it', async () => {
    const user = userEvent.setup();
    signIn(ROLE.brandUser);
    const state = withConsole([brandOrder()]);
    renderApp('/brand/orders');
    const shown = await card(ordersSection(), brandOrder()._id);
    const select = within(shown).getByRole('combobox', { name: TEXTS.moveTo });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Shipped',
      'Out for Delivery',
      'Delivered',
    ]);
    expect(select).toHaveValue('Shipped');
    await user.click(within(shown).getByRole('button', { name: TEXTS.update }));
    expect(state.sent).toEqual([
      { orderId: brandOrder()._id, body: { deliveryStatus: 'Shipped' } },
    ]);
    expect(await screen.findByText('Order #e5f60718 is now Shipped.')).toBeInTheDocument();
    await waitFor(() => expect(fact(shown, TEXTS.delivery)).toHaveTextContent('Shipped'));
    expect(within(shown).getByRole('combobox', { name: TEXTS.moveTo })).toHaveValue(
      'Out for Delivery',
    );
  });

  it('may skip steps: straight to Delivered', async () => {
    const user = userEvent.setup();
    signIn(ROLE.brandUser);
    const state = withConsole([brandOrder()]);
    renderApp('/brand/orders');
    const shown = await card(ordersSection(), brandOrder()._id);
    await user.selectOptions(
      within(shown).getByRole('combobox', { name: TEXTS.moveTo }),
      'Delivered',
    );
    await user.click(within(shown).getByRole('button', { name: TEXTS.update }));
    expect(state.sent[0]?.body).toEqual({ deliveryStatus: 'Delivered' });
    await waitFor(() => expect(fact(shown, TEXTS.delivery)).toHaveTextContent('Delivered'));
    expect(within(shown).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("shows the server's reason for a refused move, and the order as it is now", async () => {
    const user = userEvent.setup();
    signIn(ROLE.brandUser);
    const state = withConsole([brandOrder()]);
    renderApp('/brand/orders');
    const shown = await card(ordersSection(), brandOrder()._id);
    // A colleague moved it on after this list was read.
    state.changed(brandOrder()._id, { deliveryStatus: 'Out for Delivery' });
    await user.click(within(shown).getByRole('button', { name: TEXTS.update }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An order cannot go back from Out for Delivery to Shipped.',
    );
    await waitFor(() => expect(fact(shown, TEXTS.delivery)).toHaveTextContent('Out for Delivery'));
    expect(within(shown).getByRole('combobox', { name: TEXTS.moveTo })).toHaveValue('Delivered');
  });

  it('says the order could not be updated when the network fails', async () => {
    const user = userEvent.setup();
    signIn(ROLE.brandUser);
    withConsole([brandOrder()]);
    server.use(http.post('*/api/brand/orders/:orderId/delivery', () => HttpResponse.error()));
    renderApp('/brand/orders');
    const shown = await card(ordersSection(), brandOrder()._id);
    await user.click(within(shown).getByRole('button', { name: TEXTS.update }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BRAND_ORDER_TOASTS.failed);
  });
});
