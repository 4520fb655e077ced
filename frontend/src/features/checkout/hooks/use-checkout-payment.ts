import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, NETWORK_ERROR_CODE } from '@/api/client';
import { bagKeys } from '@/api/bag';
import {
  checkoutKeys,
  createPaymentOrder,
  getTestConfig,
  placeOrder,
  PriceChangedError,
  requestExpress,
  sandboxPay,
  verifyPayment,
  type ExpressResult,
  type PaymentReceipt,
  type Quote,
  type QuoteRequest,
  type TestCard,
} from '@/api/checkout';
import { checkoutAllows, type CheckoutState } from '@/lib/orders';
import { useSessionUser } from '@/stores/session';
import type { OrderSuccessState } from '../utils/checkout-state';
import { CHECKOUT_TEXTS } from '../utils/checkout-texts';
import { openRazorpayCheckout } from '../utils/razorpay';

/** What a payment is for: the request priced, the quote shown, the address on one line. */
export interface PaymentIntent {
  request: QuoteRequest;
  quote: Quote;
  address: string;
}

/** The sandbox's card sheet while it is open: the payment to pay and its amount. */
export interface SandboxSheet {
  orderId: string;
  intent: PaymentIntent;
  /** Why the last card did not pay: the spec's sentence and the server's reason. */
  error: string | null;
}

export type PaymentNotice = { kind: 'error' | 'info'; text: string } | null;

const EXPRESS_FALLBACK: ExpressResult = { success: false, fallback: 'standard' };

/** The sandbox's answer to the test card that is always declined (docs/http-api.md). */
const CARD_DECLINED_CODE = 'CARD_DECLINED';

/**
 * Checkout's payment (001 §4), on the states of lib/orders.ts: idle → processing (the payment
 * window) → verified → order_created → bag_cleared → express_requested → success. Closing the
 * window or a failed payment is processing → idle; nothing goes back once verified, since the
 * shopper has paid.
 */
export function useCheckoutPayment() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { _id: userId, email } = useSessionUser();
  const [state, setState] = useState<CheckoutState>('idle');
  const [sheet, setSheet] = useState<SandboxSheet | null>(null);
  const [notice, setNotice] = useState<PaymentNotice>(null);

  const move = (to: CheckoutState) =>
    setState((from) => (checkoutAllows(from, to) ? to : from));

  const backToIdle = (next: PaymentNotice) => {
    setSheet(null);
    setNotice(next);
    move('idle');
  };

  /** Closing the sheet or Razorpay's window: dismissed, checkout is as it was (001 §4). */
  const dismiss = () => backToIdle({ kind: 'info', text: CHECKOUT_TEXTS.paymentCancelled });

  /** After the payment: the order, the bag, the courier, then the success screen. */
  async function complete(receipt: PaymentReceipt, { quote, address }: PaymentIntent) {
    setSheet(null);
    let orderId: string;
    try {
      orderId = await verifyPayment(receipt);
    } catch {
      backToIdle({ kind: 'error', text: CHECKOUT_TEXTS.verificationFailed });
      return;
    }
    move('verified');
    // verify already placed the order; create only reads it back with the server's address
    // line, so a failure here must not stop a paid shopper from seeing the confirmation.
    const order = await placeOrder(receipt.razorpay_payment_id).catch(() => null);
    move('order_created');
    await queryClient.invalidateQueries({ queryKey: bagKeys.all });
    move('bag_cleared');
    let express: ExpressResult | null = null;
    if (quote.speed === 'express') {
      // 001 §4: a refused or failed courier leaves the order standard, silently.
      express = await requestExpress({
        orderId,
        deliveryFee: quote.deliveryFee,
        estimatedTime: quote.estimatedDelivery,
      }).catch(() => EXPRESS_FALLBACK);
      move('express_requested');
    }
    move('success');
    const booked = express?.success === true ? express : null;
    const isQuick = booked !== null;
    const state: OrderSuccessState = {
      orderId,
      items: quote.lines.map((line) => ({
        name: line.product.name,
        size: line.size,
        quantity: line.quantity,
        lineTotal: line.lineTotal,
      })),
      total: order?.totalAmount ?? quote.total,
      address: order?.address ?? address,
      paymentId: receipt.razorpay_payment_id,
      srNumericId: booked?.srNumericId ?? null,
      srChannelId: booked?.srChannelId ?? null,
      deliverySpeed: isQuick ? 'express' : 'standard',
      isQuickDelivery: isQuick,
      deliveryFee: quote.deliveryFee,
      deliveryWindow: quote.deliveryWindow,
    };
    // Replace: back from the confirmation must not reopen a checkout already paid.
    void navigate(paths.orderSuccess.getHref(), { state, replace: true });
  }

  async function pay(intent: PaymentIntent) {
    if (state !== 'idle') return;
    setNotice(null);
    move('processing');
    let config;
    try {
      config = await queryClient.fetchQuery({
        queryKey: checkoutKeys.paymentConfig(),
        queryFn: ({ signal }) => getTestConfig(signal),
        staleTime: Infinity,
      });
    } catch {
      backToIdle({ kind: 'error', text: CHECKOUT_TEXTS.paymentLoading });
      return;
    }
    let payment;
    try {
      payment = await createPaymentOrder(intent.request, intent.quote.total);
    } catch (error) {
      if (error instanceof PriceChangedError) {
        // The new total goes where the summary reads it, and the shopper confirms again.
        queryClient.setQueryData(checkoutKeys.quote(userId, intent.request), error.quote);
        backToIdle({ kind: 'error', text: CHECKOUT_TEXTS.pricesChanged });
      } else if (error instanceof ApiError && error.code !== NETWORK_ERROR_CODE) {
        backToIdle({ kind: 'error', text: CHECKOUT_TEXTS.paymentSetupFailed(error.message) });
      } else {
        // No answer (offline, cut off): nothing to quote, the payment never started.
        backToIdle({ kind: 'error', text: CHECKOUT_TEXTS.paymentInitFailed });
      }
      return;
    }
    const paid = { ...intent, quote: payment.quote };
    if (config.mode === 'sandbox') {
      setSheet({ orderId: payment.order.id, intent: paid, error: null });
      return;
    }
    let receipt;
    try {
      receipt = await openRazorpayCheckout(config.keyId, payment, email);
    } catch {
      // checkout.js did not load (offline, blocked): no window opened and nothing was charged,
      // so the shopper may simply try again.
      backToIdle({ kind: 'error', text: CHECKOUT_TEXTS.paymentFailed });
      return;
    }
    if (receipt) await complete(receipt, paid);
    else dismiss();
  }

  /** The sandbox sheet's Pay: a declined card keeps the sheet open to try another. */
  async function payWithCard(card: TestCard) {
    if (!sheet) return;
    let receipt;
    try {
      receipt = await sandboxPay(sheet.orderId, card);
    } catch (error) {
      const reason = error instanceof Error ? error.message : '';
      // A declined card is the payment failing; anything else (no answer, a server failure)
      // is an error of the payment service, said with its reason (001 §8).
      const declined = error instanceof ApiError && error.code === CARD_DECLINED_CODE;
      setSheet({
        ...sheet,
        error: declined
          ? `${CHECKOUT_TEXTS.paymentFailed} ${reason}`.trim()
          : CHECKOUT_TEXTS.paymentError(reason),
      });
      return;
    }
    await complete(receipt, sheet.intent);
  }

  return { state, sheet, notice, pay, payWithCard, dismiss };
}
