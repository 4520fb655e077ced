import { http, HttpResponse } from 'msw';
import type {
  DeliverySpeed,
  Offer,
  PaymentMode,
  Quote,
  QuoteRequest,
} from '@/api/checkout';
import { parsePaise } from '@/lib/money';

// Checkout's calls (docs/http-api.md, "Checkout, payment and orders") as the API answers them:
// a small priced catalogue, one coupon, the sandbox's cards and the order.

const rupees = (paise: number) => ({ $numberDecimal: (paise / 100).toFixed(2) });

export const APPROVED_CARD = '4111 1111 1111 1111';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** One coupon the server knows: 10% off above ₹999, at most ₹200. */
export const SAVE10: Offer = {
  _id: 'o1',
  title: 'Save 10',
  coupon_code: 'SAVE10',
  discount_type: 'percentage',
  discount_value: 10,
  max_discount_amount: rupees(20000),
  min_order_value: rupees(99900),
  is_active: true,
  is_currently_valid: true,
  discount: rupees(0),
  subtotal: rupees(0),
};

export interface PricedLine {
  productId: string;
  name: string;
  size: string;
  quantity: number;
  unitPaise: number;
}

export interface CheckoutOptions {
  /** The bag's lines; Buy Now's product is priced at `directUnitPaise`. */
  bag?: PricedLine[];
  directName?: string;
  directUnitPaise?: number;
  /** Addresses beyond 50 km: express resets to standard there. */
  farAddresses?: string[];
  mode?: PaymentMode;
  /** Added to every total from the n-th create-order on (1-based): prices changed meanwhile. */
  priceRiseFrom?: { call: number; paise: number };
  expressFails?: boolean;
}

/**
 * A signed-in shopper's checkout for one test: `server.use(...checkout.handlers)`. `calls`
 * lists every call as "METHOD path body" in order.
 */
export function checkoutState(options: CheckoutOptions = {}) {
  const calls: string[] = [];
  let createOrders = 0;
  let rise = 0;
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push(`${request.method} ${new URL(request.url).pathname} ${text}`);
    return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  };
  const failure = (status: number, code: string, error: string, more: object = {}) =>
    HttpResponse.json({ error, code, ...more }, { status });

  const linesOf = (source: QuoteRequest['source']): PricedLine[] =>
    source === 'bag'
      ? (options.bag ?? [])
      : [
          {
            productId: source.productId,
            name: options.directName ?? 'Navy Tee',
            size: source.size,
            quantity: source.quantity,
            unitPaise: options.directUnitPaise ?? 129900,
          },
        ];

  function quote(request: QuoteRequest): Quote | { refusal: Response } {
    const lines = linesOf(request.source);
    if (lines.length === 0) {
      return {
        refusal: failure(
          422,
          'EMPTY_CART',
          'Your cart is empty. Please add items before placing an order.',
        ),
      };
    }
    const subtotal = lines.reduce((sum, line) => sum + line.unitPaise * line.quantity, 0);
    let discount = 0;
    let coupon: Offer | null = null;
    if (request.couponCode) {
      if (request.couponCode !== SAVE10.coupon_code) {
        return { refusal: failure(422, 'COUPON_INVALID', 'Invalid coupon code') };
      }
      if (subtotal < 99900) {
        return {
          refusal: failure(422, 'COUPON_MIN_ORDER', 'Minimum order value of ₹999 required'),
        };
      }
      discount = Math.min(Math.round(subtotal / 10), 20000);
      coupon = { ...SAVE10, discount: rupees(discount), subtotal: rupees(subtotal) };
    }
    const far = options.farAddresses?.includes(request.addressId) ?? false;
    const speed: DeliverySpeed = request.speed === 'express' && !far ? 'express' : 'standard';
    const fee = speed === 'express' ? 9900 : 0;
    return {
      lines: lines.map((line) => ({
        product: { _id: line.productId, name: line.name, images: [] },
        size: line.size,
        quantity: line.quantity,
        unitPrice: rupees(line.unitPaise),
        lineTotal: rupees(line.unitPaise * line.quantity),
      })),
      subtotal: rupees(subtotal),
      discount: rupees(discount),
      deliveryFee: rupees(fee),
      total: rupees(subtotal - discount + fee + rise),
      speed,
      requestedSpeed: request.speed,
      expressAvailable: !far,
      distanceKm: far ? 120 : 0,
      deliveryWindow: speed === 'express' ? '60-90 min' : '5 days',
      estimatedDelivery: '2026-12-01T11:00:00Z',
      coupon,
      freeDeliveryAbove: rupees(150000),
    };
  }

  let lastQuote: Quote | null = null;
  const handlers = [
    http.post('*/api/checkout/quote', async ({ request }) => {
      const priced = quote((await record(request)) as unknown as QuoteRequest);
      if ('refusal' in priced) return priced.refusal;
      return HttpResponse.json(priced);
    }),
    http.post('*/api/offers/coupon/:code/validate-cart', async ({ request, params }) => {
      await record(request);
      if (params.code !== SAVE10.coupon_code) {
        return failure(422, 'COUPON_INVALID', 'Invalid coupon code');
      }
      const subtotal = (options.bag ?? []).reduce((s, l) => s + l.unitPaise * l.quantity, 0);
      if ((options.bag ?? []).length > 0 && subtotal < 99900) {
        return failure(422, 'COUPON_MIN_ORDER', 'Minimum order value of ₹999 required');
      }
      return HttpResponse.json({ success: true, message: 'Coupon applied', data: { offer: SAVE10 } });
    }),
    http.get('*/api/payments/test-config', async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        success: true,
        keyId: options.mode === 'sandbox' || !options.mode ? 'sandbox' : 'rzp_test_x',
        mode: options.mode ?? 'sandbox',
      });
    }),
    http.post('*/api/payments/create-order', async ({ request }) => {
      const body = (await record(request)) as unknown as QuoteRequest & { amount: unknown };
      createOrders += 1;
      if (options.priceRiseFrom && createOrders >= options.priceRiseFrom.call) {
        rise = options.priceRiseFrom.paise;
      }
      const priced = quote(body);
      if ('refusal' in priced) return priced.refusal;
      if (JSON.stringify(body.amount) !== JSON.stringify(priced.total)) {
        return failure(409, 'PRICE_CHANGED', 'Prices changed since you last looked.', {
          quote: priced,
        });
      }
      lastQuote = priced;
      return HttpResponse.json({
        success: true,
        order: { id: `order_${createOrders}`, amount: parsePaise(priced.total), currency: 'INR' },
        checkoutId: `c${createOrders}`,
        quote: priced,
      });
    }),
    http.post('*/api/payments/sandbox/pay', async ({ request }) => {
      const body = await record(request);
      if (body.cardNumber === DECLINED_CARD.replace(/ /g, '')) {
        return failure(402, 'CARD_DECLINED', 'Your card was declined.');
      }
      return HttpResponse.json({
        razorpay_order_id: body.orderId,
        razorpay_payment_id: 'pay_1',
        razorpay_signature: 'sig',
      });
    }),
    http.post('*/api/payments/verify', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, orderId: 'ord-0001-abcdef12' });
    }),
    http.post('*/api/orders/create', async ({ request }) => {
      await record(request);
      const priced = lastQuote;
      return HttpResponse.json({
        success: true,
        order: {
          _id: 'ord-0001-abcdef12',
          address: 'Flat 12, Wing B Sea View, Fort, Mumbai, Maharashtra 400001',
          totalAmount: priced?.total ?? rupees(0),
          deliverySpeed: priced?.speed ?? 'standard',
          isQuickDelivery: priced?.speed === 'express',
          deliveryFee: priced?.deliveryFee ?? rupees(0),
          estimatedDelivery: '2026-12-01T11:00:00Z',
        },
      });
    }),
    http.post('*/api/orders/express-delivery', async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        options.expressFails
          ? { success: false, fallback: 'standard' }
          : { success: true, deliveryId: 'd1', srNumericId: 42, srChannelId: 7 },
      );
    }),
  ];
  return { handlers, calls };
}
