import { afterEach, describe, expect, it } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { APP_NAME } from '@/config/app';
import type { Address } from '@/api/addresses';
import { RAZORPAY_CHECKOUT_URL, type RazorpayOptions } from '@/lib/razorpay-checkout';
import { useSessionActions } from '@/stores/session';
import { addressBookState, savedAddress } from '@/testing/mocks/address-handlers';
import {
  APPROVED_CARD,
  checkoutState,
  DECLINED_CARD,
  type CheckoutOptions,
} from '@/testing/mocks/checkout-handlers';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import {
  act,
  fireEvent,
  renderApp,
  renderHook,
  screen,
  waitFor,
  within,
} from '@/testing/test-utils';
import { CHECKOUT_TEXTS, SHEET_TEXTS, SUCCESS_TEXTS } from '@/features/checkout/utils/checkout-texts';
import { couponError } from '@/features/checkout/components/coupon-box';
import { ApiError, NETWORK_ERROR_CODE } from '@/api/client';
import { http, HttpResponse } from 'msw';

function signIn() {
  const actions = renderHook(() => useSessionActions()).result.current;
  act(() => actions.loggedIn(serverUser()));
}

const fort = savedAddress();
const delhi = savedAddress({
  _id: 'a2',
  isDefault: false,
  billing_customer_name: 'Ravi Rao',
  billing_address: 'House 4, Lodhi Road',
  billing_address_2: 'New Delhi',
  billing_city: 'New Delhi',
  billing_state: 'Delhi',
  billing_pincode: '110003',
  delivery: { distanceKm: 290, expressAvailable: false, window: '12-18 h', minMinutes: 720, maxMinutes: 1080 },
});

const twoTees = [
  { productId: 'p1', name: 'Navy Tee', size: 'L', quantity: 2, unitPaise: 129900 },
];

function openCheckout(options: CheckoutOptions = {}, addresses: Address[] = [fort]) {
  signIn();
  const checkout = checkoutState({ bag: twoTees, ...options });
  server.use(...addressBookState(addresses).handlers, ...checkout.handlers);
  const view = renderApp('/checkout');
  return { ...view, checkout };
}

/** Checkout's own pay button, not the sheet's. */
function payButton(): HTMLElement {
  const button = screen
    .getAllByRole('button', { name: /^Pay|Processing/ })
    .find((candidate) => candidate.closest('[role="dialog"]') === null);
  if (!button) throw new Error('No pay button');
  return button;
}
const summary = () => screen.getByRole('region', { name: CHECKOUT_TEXTS.summary });

async function openSheet(user: UserEvent) {
  await waitFor(() => expect(payButton()).toBeEnabled());
  await user.click(payButton());
  return screen.findByRole('dialog', { name: SHEET_TEXTS.title });
}

async function payWith(user: UserEvent, card: string) {
  const sheet = await openSheet(user);
  await user.type(within(sheet).getByLabelText(SHEET_TEXTS.cardNumber), card);
  await user.type(within(sheet).getByLabelText(SHEET_TEXTS.expiry), '12/30');
  await user.type(within(sheet).getByLabelText(SHEET_TEXTS.cvv), '123');
  await user.type(within(sheet).getByLabelText(SHEET_TEXTS.name), 'Asha Rao');
  await user.click(within(sheet).getByRole('button', { name: /^Pay/ }));
  return sheet;
}

describe('Checkout (/checkout, 001 §2, §4, §5, §8)', () => {
  it('asks a visitor to sign in first and prices nothing', async () => {
    const checkout = checkoutState({ bag: twoTees });
    server.use(...checkout.handlers);
    renderApp('/checkout');
    expect(await screen.findByRole('heading', { name: CHECKOUT_TEXTS.signIn })).toBeVisible();
    // The prompt opens from an effect once the screen has drawn: on a loaded machine, later.
    expect(
      await screen.findByRole('dialog', { name: 'Sign in to continue' }),
    ).toHaveAccessibleDescription(CHECKOUT_TEXTS.signInReason);
    expect(checkout.calls).toEqual([]);
  });

  it("shows the server's quote of the bag: lines, delivery, total and the free-delivery line", async () => {
    const { checkout } = openCheckout();
    await waitFor(() => expect(within(summary()).getByText('Total')).toBeVisible());
    expect(summary()).toHaveTextContent('Navy Tee · L × 2');
    // 001 §2: checkout links to /product/{id}.
    expect(within(summary()).getByRole('link', { name: 'Navy Tee' })).toHaveAttribute(
      'href',
      '/product/p1',
    );
    expect(summary()).toHaveTextContent('FREE');
    expect(summary()).toHaveTextContent('Free delivery on orders above ₹1,500');
    expect(payButton()).toHaveTextContent('Pay ₹2,598');
    expect(checkout.calls[0]).toBe(
      'POST /api/checkout/quote {"source":"bag","addressId":"a1","speed":"standard"}',
    );
  });

  it('without an address says to add one and keeps Pay disabled', async () => {
    openCheckout({}, []);
    expect(await screen.findByText(CHECKOUT_TEXTS.noAddress)).toHaveAttribute('role', 'alert');
    expect(payButton()).toBeDisabled();
    expect(screen.getByRole('link', { name: CHECKOUT_TEXTS.addAddress })).toHaveAttribute(
      'href',
      '/location',
    );
  });

  it('says the cart is empty when the server finds nothing to buy', async () => {
    openCheckout({ bag: [] });
    expect(await screen.findByText(CHECKOUT_TEXTS.emptyCart)).toBeVisible();
    expect(payButton()).toBeDisabled();
  });

  it("says 'Addresses failed to load: {message}'", async () => {
    signIn();
    server.use(...checkoutState().handlers);
    server.use(
      (await import('msw')).http.get('*/api/users/:userId/shipment', () =>
        Response.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp('/checkout');
    expect(
      await screen.findByText('Addresses failed to load: Database unavailable'),
    ).toBeVisible();
    expect(payButton()).toBeDisabled();
  });

  it('resets express to standard with an explanation beyond 50 km', async () => {
    const user = userEvent.setup();
    openCheckout({ farAddresses: ['a2'] }, [fort, delhi]);
    const express = await screen.findByRole('radio', { name: /Express Delivery/ });
    await user.click(express);
    await waitFor(() => expect(summary()).toHaveTextContent('₹99'));
    expect(payButton()).toHaveTextContent('Pay ₹2,697');
    await user.click(screen.getByRole('radio', { name: /Ravi Rao/ }));
    expect(await screen.findByText(CHECKOUT_TEXTS.expressReset)).toBeVisible();
    expect(screen.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Express Delivery/ })).toBeDisabled();
  });

  it('deletes an address only after "Delete this address?"', async () => {
    const user = userEvent.setup();
    openCheckout({}, [fort, delhi]);
    await user.click(await screen.findByRole('button', { name: "Delete Ravi Rao's address" }));
    const dialog = screen.getByRole('dialog', { name: CHECKOUT_TEXTS.confirmDelete });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: /Ravi Rao/ })).not.toBeInTheDocument(),
    );
  });

  it('applies a coupon upper-cased, says every refusal, and removes it', async () => {
    const user = userEvent.setup();
    openCheckout();
    const input = await screen.findByRole('textbox', { name: 'Coupon code' });
    const apply = screen.getByRole('button', { name: CHECKOUT_TEXTS.apply });
    expect(apply).toBeDisabled();
    await user.type(input, '  ');
    await user.click(apply);
    expect(screen.getByRole('alert')).toHaveTextContent(CHECKOUT_TEXTS.couponRequired);
    await user.clear(input);
    await user.type(input, 'nope');
    expect(input).toHaveValue('NOPE');
    await user.click(apply);
    expect(await screen.findByText('Invalid coupon code')).toBeVisible();
    await user.clear(input);
    await user.type(input, 'save10');
    await user.click(screen.getByRole('button', { name: CHECKOUT_TEXTS.apply }));
    expect(await screen.findByText('Coupon SAVE10 applied')).toBeVisible();
    await waitFor(() => expect(summary()).toHaveTextContent('Coupon discount−₹200'));
    expect(payButton()).toHaveTextContent('Pay ₹2,398');
    await user.click(screen.getByRole('button', { name: CHECKOUT_TEXTS.remove }));
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay ₹2,598'));
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveValue('');
  });

  it('words each failure of the coupon check (001 §8)', () => {
    const answer = (status: number, code: string, message: string) =>
      new ApiError(status, code, message);
    expect(couponError(answer(422, 'COUPON_INVALID', 'Invalid coupon code'))).toBe(
      'Invalid coupon code',
    );
    expect(couponError(answer(0, NETWORK_ERROR_CODE, 'offline'))).toBe(
      'Failed to validate coupon code. Please try again.',
    );
    expect(couponError(new TypeError('bad answer'))).toBe(
      'Failed to validate coupon code. Please try again.',
    );
    expect(couponError(answer(503, 'UNAVAILABLE', 'down'))).toBe(
      'Coupon feature temporarily unavailable. Please proceed with your order.',
    );
    // A product of the order no longer sold: the coupon cannot be applied to it.
    expect(couponError(answer(404, 'NOT_FOUND', 'Product not found.'))).toBe(
      'Failed to apply coupon. Please try again.',
    );
  });

  it("says 'Failed to apply coupon. Please try again.' when the check refuses the order itself", async () => {
    const user = userEvent.setup();
    openCheckout();
    server.use(
      http.post('*/api/offers/coupon/:code/validate-cart', () =>
        HttpResponse.json({ error: 'Product not found.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), 'SAVE10');
    await user.click(screen.getByRole('button', { name: CHECKOUT_TEXTS.apply }));
    expect(await screen.findByText(CHECKOUT_TEXTS.couponApplyFailed)).toBeVisible();
  });

  it("says 'User not found. Please log in again.' when the server knows no such user", async () => {
    signIn();
    server.use(...checkoutState().handlers);
    server.use(
      http.get('*/api/users/:userId/shipment', () =>
        HttpResponse.json({ error: 'User not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderApp('/checkout');
    expect(await screen.findByText('User not found. Please log in again.')).toBeVisible();
  });

  it("asks to log in again when the server forgets the session during checkout", async () => {
    openCheckout();
    await waitFor(() => expect(payButton()).toBeEnabled());
    server.use(
      http.post('*/api/checkout/quote', () =>
        HttpResponse.json({ error: 'Sign in again', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    await userEvent.setup().click(screen.getByRole('radio', { name: /Express Delivery/ }));
    const prompt = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(prompt).toHaveAccessibleDescription('Please log in again.');
  });

  it("says 'Failed to initialize payment. Please try again.' when the payment cannot be set up", async () => {
    const user = userEvent.setup();
    openCheckout();
    server.use(http.post('*/api/payments/create-order', () => HttpResponse.error()));
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByText(CHECKOUT_TEXTS.paymentInitFailed)).toBeVisible();
    expect(payButton()).toBeEnabled();
  });

  it("says 'Payment error: {msg}' when the card payment fails for another reason than the card", async () => {
    const user = userEvent.setup();
    openCheckout();
    server.use(
      http.post('*/api/payments/sandbox/pay', () =>
        HttpResponse.json(
          { error: 'Payment service unavailable', code: 'UNAVAILABLE' },
          { status: 503 },
        ),
      ),
    );
    const sheet = await payWith(user, APPROVED_CARD);
    expect(
      await within(sheet).findByText('Payment error: Payment service unavailable'),
    ).toBeVisible();
  });

  it('says the minimum order when the bag is below it', async () => {
    const user = userEvent.setup();
    openCheckout({ bag: [{ ...twoTees[0]!, quantity: 1, unitPaise: 50000 }] });
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), 'SAVE10');
    await user.click(screen.getByRole('button', { name: CHECKOUT_TEXTS.apply }));
    expect(await screen.findByText('Minimum order value of ₹999 required')).toBeVisible();
  });

  it('pays with the sandbox card, places the order and shows the confirmation', async () => {
    const user = userEvent.setup();
    const { checkout, router } = openCheckout();
    await payWith(user, APPROVED_CARD);
    expect(await screen.findByRole('heading', { name: SUCCESS_TEXTS.title })).toBeVisible();
    expect(router.state.location.pathname).toBe('/order-success');
    expect(screen.getByText('ord-0001-abcdef12')).toBeVisible();
    expect(screen.getByText('₹2,598')).toBeVisible();
    expect(screen.getByText(SUCCESS_TEXTS.standardEstimate)).toBeVisible();
    const paths = checkout.calls.map((call) => call.split(' ')[1]);
    expect(paths.slice(1)).toEqual([
      '/api/payments/test-config',
      '/api/payments/create-order',
      '/api/payments/sandbox/pay',
      '/api/payments/verify',
      '/api/orders/create',
    ]);
    expect(checkout.calls).toContain('POST /api/orders/create {"paymentId":"pay_1"}');
    expect(checkout.calls.find((call) => call.includes('create-order'))).toContain(
      '"amount":{"$numberDecimal":"2598.00"},"currency":"INR"',
    );
  });

  it('asks for express delivery after an express order', async () => {
    const user = userEvent.setup();
    const { checkout } = openCheckout();
    await user.click(await screen.findByRole('radio', { name: /Express Delivery/ }));
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay ₹2,697'));
    await payWith(user, APPROVED_CARD);
    expect(await screen.findByText('Express delivery: estimated in 60-90 min')).toBeVisible();
    expect(checkout.calls.at(-1)).toMatch(/^POST \/api\/orders\/express-delivery .*"deliveryType":"express"/);
  });

  it('falls back to standard silently when express is refused', async () => {
    const user = userEvent.setup();
    openCheckout({ expressFails: true });
    await user.click(await screen.findByRole('radio', { name: /Express Delivery/ }));
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay ₹2,697'));
    await payWith(user, APPROVED_CARD);
    expect(await screen.findByText(SUCCESS_TEXTS.standardEstimate)).toBeVisible();
  });

  it("says 'Payment failed. Please try again.' with the reason for the declined card", async () => {
    const user = userEvent.setup();
    const { checkout } = openCheckout();
    const sheet = await payWith(user, DECLINED_CARD);
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(
      'Payment failed. Please try again. Your card was declined.',
    );
    expect(checkout.calls.some((call) => call.includes('/verify'))).toBe(false);
  });

  it('closing the sheet is dismissed: back to idle with a gentle note', async () => {
    const user = userEvent.setup();
    openCheckout();
    const sheet = await openSheet(user);
    expect(payButton()).toBeDisabled();
    expect(within(sheet).getByLabelText(SHEET_TEXTS.cardNumber)).toHaveValue('');
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: SHEET_TEXTS.title })).not.toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_TEXTS.paymentCancelled)).toBeVisible();
    expect(payButton()).toBeEnabled();
  });

  it('shows the new total when prices changed and pays it on the second confirmation', async () => {
    const user = userEvent.setup();
    openCheckout({ priceRiseFrom: { call: 1, paise: 10000 } });
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay ₹2,598'));
    await user.click(payButton());
    expect(await screen.findByText(CHECKOUT_TEXTS.pricesChanged)).toBeVisible();
    expect(payButton()).toHaveTextContent('Pay ₹2,698');
    expect(await openSheet(user)).toBeVisible();
  });

  it('removes a direct-buy item at 0 and goes back after half a second', async () => {
    const user = userEvent.setup();
    signIn();
    const checkout = checkoutState();
    server.use(...addressBookState([fort]).handlers, ...checkout.handlers);
    const { router } = renderApp('/no/such/page');
    await act(() =>
      router.navigate('/checkout', {
        state: {
          product: { id: 'p9', name: 'Navy Tee', selectedSize: 'M', quantity: 1 },
          directBuy: true,
        },
      }),
    );
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay ₹1,299'));
    expect(checkout.calls[0]).toContain('"source":{"productId":"p9","size":"M","quantity":1}');
    const stepper = screen.getByRole('group', { name: 'Quantity of Navy Tee' });
    await user.click(within(stepper).getByRole('button', { name: 'Decrease quantity' }));
    expect(screen.getByText(CHECKOUT_TEXTS.itemRemoved)).toBeVisible();
    expect(payButton()).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/no/such/page'), {
      timeout: 2000,
    });
  });
});

/**
 * Stands in for checkout.js: the windows the page opened, each with the options it was given,
 * so a test can pay in it (`handler`) or close it (`modal.ondismiss`).
 */
function fakeRazorpay() {
  const opened: RazorpayOptions[] = [];
  window.Razorpay = class {
    readonly options: RazorpayOptions;
    constructor(options: RazorpayOptions) {
      this.options = options;
    }
    open() {
      opened.push(this.options);
    }
  };
  return opened;
}

const razorpayScript = () =>
  document.head.querySelector<HTMLScriptElement>(`script[src="${RAZORPAY_CHECKOUT_URL}"]`);

describe("Checkout with Razorpay's own window (a test or live key)", () => {
  afterEach(() => {
    delete window.Razorpay;
  });

  async function pay(user: UserEvent) {
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
  }

  it.each(['test', 'live'] as const)(
    'opens it for a %s key instead of the card sheet, and verifies what it pays',
    async (mode) => {
      const user = userEvent.setup();
      const opened = fakeRazorpay();
      const { checkout, router } = openCheckout({ mode });
      await pay(user);
      await waitFor(() => expect(opened).toHaveLength(1));
      expect(opened[0]).toMatchObject({
        key: 'rzp_test_x',
        order_id: 'order_1',
        amount: 259800,
        currency: 'INR',
        name: APP_NAME,
        prefill: { email: 'asha@example.in' },
      });
      expect(screen.queryByRole('dialog', { name: SHEET_TEXTS.title })).not.toBeInTheDocument();
      expect(razorpayScript()).toBeNull();

      act(() =>
        opened[0]!.handler({
          razorpay_order_id: 'order_1',
          razorpay_payment_id: 'pay_1',
          razorpay_signature: 'sig',
        }),
      );
      expect(await screen.findByRole('heading', { name: SUCCESS_TEXTS.title })).toBeVisible();
      expect(router.state.location.pathname).toBe('/order-success');
      expect(checkout.calls).toContain(
        'POST /api/payments/verify ' +
          '{"razorpay_order_id":"order_1","razorpay_payment_id":"pay_1","razorpay_signature":"sig"}',
      );
      expect(checkout.calls.some((call) => call.includes('/sandbox/pay'))).toBe(false);
    },
  );

  it('closing it is dismissed: back to idle with the same gentle note', async () => {
    const user = userEvent.setup();
    const opened = fakeRazorpay();
    const { checkout } = openCheckout({ mode: 'test' });
    await pay(user);
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(payButton()).toBeDisabled();
    act(() => opened[0]!.modal.ondismiss());
    expect(await screen.findByText(CHECKOUT_TEXTS.paymentCancelled)).toBeVisible();
    expect(payButton()).toBeEnabled();
    expect(checkout.calls.some((call) => call.includes('/verify'))).toBe(false);
  });

  it('loads checkout.js, and says the payment failed when it cannot', async () => {
    const user = userEvent.setup();
    const { checkout } = openCheckout({ mode: 'test' });
    await pay(user);
    await waitFor(() => expect(razorpayScript()).not.toBeNull());
    fireEvent.error(razorpayScript()!);
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECKOUT_TEXTS.paymentFailed);
    expect(payButton()).toBeEnabled();
    expect(razorpayScript()).toBeNull();
    expect(screen.queryByRole('dialog', { name: SHEET_TEXTS.title })).not.toBeInTheDocument();
    expect(checkout.calls.some((call) => call.includes('/verify'))).toBe(false);
  });
});

describe('Order success (/order-success, 001 §2)', () => {
  it('goes home when reached without an order', async () => {
    server.use(...checkoutState().handlers);
    const { router } = renderApp('/no/such/page');
    await act(() => router.navigate('/order-success'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the timeline and the ways on', async () => {
    const { router } = renderApp('/no/such/page');
    await act(() =>
      router.navigate('/order-success', {
        state: {
          orderId: 'ord-9',
          items: [],
          total: { $numberDecimal: '1299.00' },
          address: 'Flat 12, Fort, Mumbai',
          paymentId: 'pay_9',
          srNumericId: null,
          srChannelId: null,
          deliverySpeed: 'standard',
          isQuickDelivery: false,
          deliveryFee: { $numberDecimal: '0.00' },
          deliveryWindow: '5 days',
        },
      }),
    );
    const timeline = await screen.findByRole('list', { name: 'Order timeline' });
    expect(timeline).toHaveTextContent('ConfirmedProcessingDelivered');
    expect(screen.getByText('Flat 12, Fort, Mumbai')).toBeVisible();
    expect(screen.getByRole('link', { name: SUCCESS_TEXTS.track })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: SUCCESS_TEXTS.continue })).toHaveAttribute('href', '/');
  });
});
