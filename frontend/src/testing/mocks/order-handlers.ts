import { http, HttpResponse } from 'msw';
import type { CancellationRequest, Order, OrderLine } from '@/api/orders';

// The orders and cancellation calls (docs/http-api.md, "Checkout, payment and orders" >
// "Orders") as the API answers them.

/** A line of the navy tee, size M, one at ₹1,039.20, unless overridden. */
export function orderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    product: {
      _id: 'p-navy-tee',
      name: 'Navy Oversized Tee',
      images: ['/api/media/navy-tee.jpg'],
      price: { $numberDecimal: '1299.00' },
    },
    name: 'Navy Oversized Tee',
    size: 'M',
    quantity: 1,
    price: { $numberDecimal: '1039.20' },
    ...overrides,
  };
}

/** A paid order placed on 23 Nov 2026 at 3:30 pm in India, still processing, unless overridden. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: '6650f0c2a1b2c3d4e5f60718',
    createdAt: '2026-11-23T10:00:00Z',
    user: 'u1',
    brandId: 'b-urban',
    products: [orderLine()],
    address: 'Flat 12, Wing B Sea View, Fort, Mumbai, Maharashtra 400001',
    totalAmount: { $numberDecimal: '1039.20' },
    subtotal: { $numberDecimal: '1039.20' },
    discount: { $numberDecimal: '0' },
    deliveryFee: { $numberDecimal: '0' },
    deliverySpeed: 'standard',
    isQuickDelivery: false,
    estimatedDelivery: '2026-11-28T10:00:00Z',
    deliveryStatus: 'Processing',
    status: null,
    paymentStatus: 'Paid',
    paymentId: 'pay_1',
    refundStatus: 'not_initiated',
    couponCode: null,
    ...overrides,
  };
}

/**
 * A shopper's orders that cancellation requests change, for one test:
 * `server.use(...book.handlers)`. `sent` holds the request bodies; `reads()` counts list reads.
 */
export function ordersState(initial: Order[]) {
  let orders = [...initial];
  const sent: CancellationRequest[] = [];
  let reads = 0;
  const handlers = [
    http.get('*/api/orders/user/:userId', () => {
      reads += 1;
      return HttpResponse.json({ success: true, orders });
    }),
    http.post('*/api/cancel-requests/create', async ({ request }) => {
      const body = (await request.json()) as CancellationRequest;
      sent.push(body);
      const found = orders.find((o) => o._id === body.orderId);
      if (!found) {
        return HttpResponse.json({ error: 'Order not found.', code: 'NOT_FOUND' }, { status: 404 });
      }
      const updated: Order = {
        ...found,
        deliveryStatus: 'Cancellation Requested',
        status: 'cancel_requested',
      };
      orders = orders.map((o) => (o === found ? updated : o));
      return HttpResponse.json({ success: true, order: updated });
    }),
  ];
  return { handlers, sent, orders: () => orders, reads: () => reads };
}

/** The defaults every test gets: a shopper with no orders, and no coupons. */
export const orderHandlers = [
  http.get('*/api/orders/user/:userId', () => HttpResponse.json({ success: true, orders: [] })),
  http.get('*/api/offers/mine', () => HttpResponse.json([])),
];
