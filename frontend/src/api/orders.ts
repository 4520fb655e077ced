// The signed-in shopper's orders and their cancellation requests, docs/http-api.md "Checkout,
// payment and orders" > "Orders" (001 §3, §7). In src/api, not in a feature, because My Orders
// and the profile's order count read the same list, and shared code never imports a feature.

import { api } from './client';
import { isRecord, unexpectedResponse as unexpected } from './guards';
import type { components } from './schema';

type Schemas = components['schemas'];

/** The product of an order line as it is now; null once the product is gone. */
export type OrderProduct = Schemas['LineProduct'];

/**
 * One line of an order (001 §3 order line). `name` is the name at the time of the order.
 * `cancelRequested` is client-only (001 §3): this page has asked to cancel the line and has not
 * heard back, or the server said yes. Set in the query cache on submit, taken off again when the
 * call fails.
 */
export type OrderLine = Schemas['OrderLine'] & { cancelRequested?: boolean };

/** An order as `GET /api/orders/user/{userId}` answers it (money as decimal objects). */
export type Order = Omit<Schemas['Order'], 'products'> & { products: OrderLine[] };

/** The body of `POST /api/cancel-requests/create`. */
export interface CancellationRequest {
  orderId: string;
  /** Null for a line whose product is gone: `productIndex` still names the line. */
  productId: string | null;
  productIndex: number;
  /** Null when the shopper gave none (001 §5). */
  reason: string | null;
}

export const orderKeys = {
  all: ['orders'] as const,
  /** One shopper's orders: a sign-out never shows the last shopper's orders from the cache. */
  list: (userId: string) => [...orderKeys.all, 'list', userId] as const,
};

function isOrder(value: unknown): value is Order {
  return isRecord(value) && typeof value._id === 'string' && Array.isArray(value.products);
}

/** GET /api/orders/user/{userId}: `{success, orders}`, newest first. */
export async function getOrders(userId: string, signal?: AbortSignal): Promise<Order[]> {
  const data = await api.get<{ success?: unknown; orders?: unknown }>(
    `/orders/user/${encodeURIComponent(userId)}`,
    { signal },
  );
  if (data.success !== true || !Array.isArray(data.orders)) throw unexpected();
  return data.orders.filter(isOrder);
}

/** POST /api/cancel-requests/create: the order as it is now, in Cancellation Requested. */
export async function requestCancellation(request: CancellationRequest): Promise<Order> {
  const data = await api.post<{ success?: unknown; order?: unknown }>(
    '/cancel-requests/create',
    request,
  );
  if (data.success !== true || !isOrder(data.order)) throw unexpected();
  return data.order;
}
