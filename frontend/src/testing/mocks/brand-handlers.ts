import { http, HttpResponse } from 'msw';
import type { BrandOrder, CancellationDecision } from '@/api/brand';
import { deliveryMoves, knownDeliveryStatus } from '@/lib/orders';
import type { BrandRef } from '@/lib/product';
import { order } from './order-handlers';

// The brand console's calls (docs/http-api.md, "Checkout, payment and orders" > "The brand
// console") as the API answers them, refusals in the orders crate's words.

export const urbanDhaagaBrand: BrandRef = { _id: 'b-urban', name: 'Urban Dhaaga' };

/** The shopper's processing order of `order()`, as Urban Dhaaga's team sees it. */
export function brandOrder(overrides: Partial<BrandOrder> = {}): BrandOrder {
  return {
    ...order(),
    brandName: urbanDhaagaBrand.name,
    customerEmail: 'asha@example.in',
    cancelRequest: null,
    ...overrides,
  };
}

/** The delivery status the requests here were made from, which a rejection puts back. */
export const REQUESTED_FROM = 'Processing';

/** An order whose shopper asked, while it was Processing, to cancel its first line. */
export function requestedOrder(overrides: Partial<BrandOrder> = {}): BrandOrder {
  return brandOrder({
    deliveryStatus: 'Cancellation Requested',
    status: 'cancel_requested',
    cancelRequest: {
      productIndex: 0,
      productId: 'p-navy-tee',
      reason: 'Ordered the wrong size',
      requestedAt: '2026-11-24T04:30:00Z',
    },
    ...overrides,
  });
}

const refusal = (status: number, error: string, code: string) =>
  HttpResponse.json({ error, code }, { status });

/** Why the server refuses to move `from` to `to`, as the orders crate says it. */
function moveRefusal(found: BrandOrder, to: string): string {
  if (found.cancelRequest) {
    return (
      'This order has a cancellation request waiting; approve or reject it before moving the ' +
      'order.'
    );
  }
  const from = knownDeliveryStatus(found.deliveryStatus) ?? found.deliveryStatus;
  if (from === 'Delivered' || from === 'Cancelled') {
    return `This order is already ${from}; its delivery status can no longer change.`;
  }
  if (from === to) return `This order is already ${from}.`;
  return `An order cannot go back from ${from} to ${to}.`;
}

/**
 * A brand's console for one test: `server.use(...brand.handlers)`. The actions change the
 * orders the next read answers; `changed` stands for a colleague's change on another phone.
 * `sent` holds each action's order id and body; `reads()` counts list reads.
 */
export function brandConsoleState(
  initial: BrandOrder[],
  brand: BrandRef | null = urbanDhaagaBrand,
) {
  let orders = [...initial];
  const sent: { orderId: string; body: unknown }[] = [];
  let reads = 0;
  const replace = (updated: BrandOrder) => {
    orders = orders.map((o) => (o._id === updated._id ? updated : o));
    return HttpResponse.json({ success: true, order: updated });
  };
  const find = (orderId: unknown) => orders.find((o) => o._id === orderId);

  const handlers = [
    http.get('*/api/brand/orders', () => {
      reads += 1;
      return HttpResponse.json({ success: true, brand, orders });
    }),
    http.post('*/api/brand/orders/:orderId/delivery', async ({ params, request }) => {
      const body = (await request.json()) as { deliveryStatus: string };
      sent.push({ orderId: String(params.orderId), body });
      const found = find(params.orderId);
      if (!found) return refusal(404, 'Order not found.', 'NOT_FOUND');
      const to = body.deliveryStatus;
      const allowed = found.cancelRequest ? [] : deliveryMoves(found.deliveryStatus, found.status);
      if (!allowed.some((step) => step === to)) {
        return refusal(422, moveRefusal(found, to), 'INVALID_MOVE');
      }
      return replace({ ...found, deliveryStatus: to });
    }),
    http.post('*/api/brand/orders/:orderId/cancellation', async ({ params, request }) => {
      const body = (await request.json()) as { decision: CancellationDecision };
      sent.push({ orderId: String(params.orderId), body });
      const found = find(params.orderId);
      if (!found) return refusal(404, 'Order not found.', 'NOT_FOUND');
      if (!found.cancelRequest) {
        return refusal(
          422,
          'This order has no cancellation request waiting for review.',
          'NO_OPEN_REQUEST',
        );
      }
      return replace(
        body.decision === 'approve'
          ? {
              ...found,
              deliveryStatus: 'Cancelled',
              status: 'cancelled',
              refundStatus: 'initiated',
              cancelRequest: null,
            }
          : {
              ...found,
              deliveryStatus: REQUESTED_FROM,
              status: 'cancel_rejected',
              cancelRequest: null,
            },
      );
    }),
  ];
  return {
    handlers,
    sent,
    reads: () => reads,
    orders: () => orders,
    changed: (orderId: string, changes: Partial<BrandOrder>) => {
      orders = orders.map((o) => (o._id === orderId ? { ...o, ...changes } : o));
    },
  };
}

/** The 403 a shopper's session gets, in the orders crate's words. */
export const brandConsoleForbidden = http.get('*/api/brand/orders', () =>
  refusal(403, "Only the brand's team or an admin can manage orders.", 'FORBIDDEN'),
);

/** The default every test gets: Urban Dhaaga's console, with no orders yet. */
export const brandHandlers = [
  http.get('*/api/brand/orders', () =>
    HttpResponse.json({ success: true, brand: urbanDhaagaBrand, orders: [] }),
  ),
];
