// Razorpay's own checkout window, for a server with a Razorpay key in test or live mode
// (docs/http-api.md, Payments). checkout.js is Razorpay's and served by them, never bundled: it
// is loaded on the first payment, once, and only the part the shop uses is typed here.

import type { PaymentReceipt } from '@/api/checkout';

export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayOptions {
  /** The key id from `GET /api/payments/test-config`; never the secret. */
  key: string;
  /** The server's Razorpay order, which fixes what is charged. */
  order_id: string;
  /** In paise. */
  amount: number;
  currency: 'INR';
  /** The shop's name at the top of the window. */
  name: string;
  prefill: { email?: string };
  /** The paid payment, for the server to verify. */
  handler: (response: PaymentReceipt) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayCheckout {
  open(): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    /** Set by checkout.js once it has run. */
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/**
 * Razorpay's checkout, loading checkout.js the first time. Every caller shares one load; a
 * script that fails to load (offline, blocked) rejects, and is taken away so the next payment
 * tries again rather than failing on a load that never recovers.
 */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_URL;
    script.async = true;
    const failed = (reason: string) => {
      script.remove();
      loading = null;
      reject(new Error(reason));
    };
    script.addEventListener('load', () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else failed('checkout.js loaded without Razorpay');
    });
    script.addEventListener('error', () => failed('checkout.js could not be loaded'));
    document.head.append(script);
  });
  return loading;
}
