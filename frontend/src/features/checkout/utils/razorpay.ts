import { APP_NAME } from '@/config/app';
import type { PaymentOrder, PaymentReceipt } from '@/api/checkout';
import { loadRazorpay } from '@/lib/razorpay-checkout';

/**
 * Opens Razorpay's own checkout for a key in test or live mode. Resolves with the payment's
 * receipt, or null when the shopper closes the window; a declined card is retried inside
 * Razorpay's window, so it never reaches here. Rejects when checkout.js cannot be loaded.
 */
export async function openRazorpayCheckout(
  keyId: string,
  payment: PaymentOrder,
  email: string,
): Promise<PaymentReceipt | null> {
  const Razorpay = await loadRazorpay();
  return new Promise((resolve) => {
    new Razorpay({
      key: keyId,
      order_id: payment.order.id,
      amount: payment.order.amount,
      currency: 'INR',
      name: APP_NAME,
      // The window asks for whatever is missing; a blank e-mail would only be in the way.
      prefill: email ? { email } : {},
      handler: resolve,
      modal: { ondismiss: () => resolve(null) },
    }).open();
  });
}
