// Checkout's calls, docs/http-api.md "Checkout, payment and orders": the coupon check, the
// server's quote (every amount checkout shows), the payment (Razorpay or the embedded sandbox)
// and the order. The browser never prices anything: it shows the quote and sends its total back
// as a hint the server compares (409 PRICE_CHANGED when it no longer matches).

import { api, ApiError } from './client';
import { isRecord, unexpectedResponse as unexpected } from './guards';
import type { WireDecimal } from '@/lib/product';

export type DeliverySpeed = 'standard' | 'express';

/** What is being bought: the whole bag, or Buy Now's one product (000 §4). */
export type CheckoutSource = 'bag' | { productId: string; size: string; quantity: number };

export interface QuoteRequest {
  source: CheckoutSource;
  addressId: string;
  speed: DeliverySpeed;
  couponCode?: string;
}

export interface Offer {
  _id: string;
  title: string;
  coupon_code: string;
  discount_type: 'percentage' | 'fixed';
  discount_value: WireDecimal;
  max_discount_amount: WireDecimal | null;
  min_order_value: WireDecimal | null;
  is_active: boolean;
  is_currently_valid: boolean;
  discount: WireDecimal;
  subtotal: WireDecimal;
}

export interface QuoteLine {
  product: { _id: string; name: string; images?: string[] };
  size: string;
  quantity: number;
  unitPrice: WireDecimal;
  lineTotal: WireDecimal;
}

export interface Quote {
  lines: QuoteLine[];
  subtotal: WireDecimal;
  discount: WireDecimal;
  deliveryFee: WireDecimal;
  total: WireDecimal;
  /** The speed priced: standard when express was asked beyond 50 km (001 §4's reset). */
  speed: DeliverySpeed;
  requestedSpeed: DeliverySpeed;
  expressAvailable: boolean;
  distanceKm: number;
  deliveryWindow: string;
  /** ISO time: now + 1 h for express, now + 5 days for standard (001 §9). */
  estimatedDelivery: string;
  coupon: Offer | null;
  freeDeliveryAbove: WireDecimal;
}

export type PaymentMode = 'sandbox' | 'test' | 'live';

export interface PaymentConfig {
  keyId: string;
  mode: PaymentMode;
}

export interface PaymentOrder {
  order: { id: string; amount: number; currency: string };
  checkoutId: string;
  quote: Quote;
}

/** What Razorpay's checkout (or the sandbox's sheet) hands the browser after a payment. */
export interface PaymentReceipt {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvv: string;
  name: string;
}

export interface PlacedOrder {
  _id: string;
  address: string;
  totalAmount: WireDecimal;
  deliverySpeed: DeliverySpeed;
  isQuickDelivery: boolean;
  deliveryFee: WireDecimal;
  estimatedDelivery: string;
}

export type ExpressResult =
  | { success: true; deliveryId: string; srNumericId: string | number; srChannelId: string | number }
  | { success: false; fallback: 'standard' };

export const PRICE_CHANGED_CODE = 'PRICE_CHANGED';
export const CARD_DECLINED_CODE = 'CARD_DECLINED';

/** 409 PRICE_CHANGED: the shopper saw another total; `quote` is today's, to confirm again. */
export class PriceChangedError extends ApiError {
  readonly quote: Quote;

  constructor(source: ApiError, quote: Quote) {
    super(source.status, source.code, source.error, source.retryAfter, source.body);
    this.name = 'PriceChangedError';
    this.quote = quote;
  }
}

export const checkoutKeys = {
  all: ['checkout'] as const,
  /** One shopper's quote of one request: a sign-out never shows another shopper's total. */
  quote: (userId: string, request: QuoteRequest) =>
    [...checkoutKeys.all, 'quote', userId, request] as const,
  paymentConfig: () => [...checkoutKeys.all, 'payment-config'] as const,
};

function isQuote(value: unknown): value is Quote {
  return (
    isRecord(value) &&
    Array.isArray(value.lines) &&
    (value.speed === 'standard' || value.speed === 'express') &&
    value.total !== undefined
  );
}

function parseQuote(value: unknown): Quote {
  if (!isQuote(value)) throw unexpected();
  return value;
}

/** POST /checkout/quote: the server's pricing of this checkout. */
export async function getQuote(request: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return parseQuote(await api.post<unknown>('/checkout/quote', request, { signal }));
}

/** The line a coupon check sends for Buy Now's product; the bag's lines are the server's own. */
export interface CouponCartItem {
  product: { _id: string };
  size: string;
  quantity: number;
}

/**
 * POST /offers/coupon/{code}/validate-cart: the offer when the coupon applies. The code goes
 * trimmed and upper-cased (001 §5); `cartItems` absent checks the caller's bag. A refusal is the
 * server's ApiError with its sentence ('Invalid coupon code').
 */
export async function validateCoupon(
  code: string,
  userId: string,
  cartItems?: CouponCartItem[],
): Promise<Offer> {
  const answer = await api.post<unknown>(
    `/offers/coupon/${encodeURIComponent(code.trim().toUpperCase())}/validate-cart`,
    cartItems ? { userId, cartItems } : { userId },
  );
  if (!isRecord(answer) || !isRecord(answer.data) || !isRecord(answer.data.offer)) {
    throw unexpected();
  }
  return answer.data.offer as unknown as Offer;
}

/** GET /payments/test-config: which payment sheet to open (never a secret). */
export async function getTestConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  const answer = await api.get<unknown>('/payments/test-config', { signal });
  if (
    !isRecord(answer) ||
    typeof answer.keyId !== 'string' ||
    (answer.mode !== 'sandbox' && answer.mode !== 'test' && answer.mode !== 'live')
  ) {
    throw unexpected();
  }
  return { keyId: answer.keyId, mode: answer.mode };
}

/**
 * POST /payments/create-order: reserves the stock and opens a payment of `amount`, the total
 * the shopper saw. A different total today is a PriceChangedError carrying the new quote.
 */
export async function createPaymentOrder(
  request: QuoteRequest,
  amount: WireDecimal,
): Promise<PaymentOrder> {
  let answer: unknown;
  try {
    answer = await api.post<unknown>('/payments/create-order', {
      ...request,
      amount,
      currency: 'INR',
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === PRICE_CHANGED_CODE && isQuote(error.body.quote)) {
      throw new PriceChangedError(error, error.body.quote);
    }
    throw error;
  }
  if (!isRecord(answer) || !isRecord(answer.order) || typeof answer.order.id !== 'string') {
    throw unexpected();
  }
  return answer as unknown as PaymentOrder;
}

/** POST /payments/sandbox/pay: the sandbox's card sheet; 402 CARD_DECLINED for the decline card. */
export async function sandboxPay(orderId: string, card: TestCard): Promise<PaymentReceipt> {
  const answer = await api.post<unknown>('/payments/sandbox/pay', { orderId, ...card });
  if (!isRecord(answer) || typeof answer.razorpay_payment_id !== 'string') throw unexpected();
  return answer as unknown as PaymentReceipt;
}

/** POST /payments/verify: checks the signature; the order is placed here. Answers its id. */
export async function verifyPayment(receipt: PaymentReceipt): Promise<string> {
  const answer = await api.post<unknown>('/payments/verify', receipt);
  if (!isRecord(answer) || answer.success !== true || typeof answer.orderId !== 'string') {
    throw unexpected();
  }
  return answer.orderId;
}

/** POST /orders/create {paymentId}: the order of that verified payment, the same every time. */
export async function placeOrder(paymentId: string): Promise<PlacedOrder> {
  const answer = await api.post<unknown>('/orders/create', { paymentId });
  if (!isRecord(answer) || !isRecord(answer.order) || typeof answer.order._id !== 'string') {
    throw unexpected();
  }
  return answer.order as unknown as PlacedOrder;
}

/** POST /orders/express-delivery: books the 60-minute courier, or answers the fallback. */
export async function requestExpress(request: {
  orderId: string;
  deliveryFee: WireDecimal;
  estimatedTime: string;
}): Promise<ExpressResult> {
  const answer = await api.post<unknown>('/orders/express-delivery', {
    ...request,
    deliveryType: 'express',
  });
  if (!isRecord(answer) || typeof answer.success !== 'boolean') throw unexpected();
  return answer as unknown as ExpressResult;
}
