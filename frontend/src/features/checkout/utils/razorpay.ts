import type { PaymentOrder, PaymentReceipt } from '@/lib/checkout-api';

/** The part of Razorpay's checkout.js that checkout uses. */
interface RazorpayCheckout {
  open(): void;
}

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  handler: (receipt: PaymentReceipt) => void;
  modal: { ondismiss: () => void };
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

/**
 * Opens Razorpay's own checkout for a key in test or live mode. Resolves with the payment's
 * receipt, or null when the shopper closes it; a declined card is retried inside Razorpay's
 * window, so it never reaches here. checkout.js is not bundled (it is Razorpay's, served by
 * them): when the page has not loaded it, `Razorpay` is missing and this refuses, and checkout
 * says 'Payment system is loading...' (001 §8).
 */
export function openRazorpayCheckout(
  keyId: string,
  payment: PaymentOrder,
): Promise<PaymentReceipt | null> | null {
  const Razorpay = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (!Razorpay) return null;
  return new Promise((resolve) => {
    new Razorpay({
      key: keyId,
      amount: payment.order.amount,
      currency: payment.order.currency,
      order_id: payment.order.id,
      handler: resolve,
      modal: { ondismiss: () => resolve(null) },
    }).open();
  });
}
