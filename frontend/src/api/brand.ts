// The brand console's calls, docs/http-api.md "Checkout, payment and orders" > "The brand
// console": the orders of the caller's brand (every brand's for an admin) with their open
// cancellation requests, a delivery move, and the review of a request. Shoppers get 403.

import { api } from './client';
import { isNamed, isRecord, unexpectedResponse as unexpected } from './guards';
import type { DeliveryStep } from '@/lib/orders';
import type { Order } from './orders';
import type { BrandRef } from '@/lib/product';

/** The shopper's cancellation request that waits for the brand's review. */
export interface OpenCancelRequest {
  /** The line asked about, counted from 0 in the order's `products`. */
  productIndex: number;
  /** Null for a line whose product is gone. */
  productId: string | null;
  /** Null when the shopper gave none. */
  reason: string | null;
  requestedAt: string;
}

/** An order as the brand's team sees it: the shopper's order, whose it is, and any open request. */
export interface BrandOrder extends Order {
  brandName: string;
  customerEmail: string;
  cancelRequest: OpenCancelRequest | null;
}

export interface BrandOrders {
  /** The caller's brand; null for an admin, who sees every brand's orders. */
  brand: BrandRef | null;
  /** Newest first. */
  orders: BrandOrder[];
}

export type CancellationDecision = 'approve' | 'reject';

export const brandOrderKeys = {
  all: ['brand-orders'] as const,
  /** One user's console: a sign-out never shows the last brand's orders from the cache. */
  list: (userId: string) => [...brandOrderKeys.all, 'list', userId] as const,
};

function isCancelRequest(value: unknown): value is OpenCancelRequest {
  return isRecord(value) && Number.isInteger(value.productIndex);
}

const isBrandRef = (value: unknown): value is BrandRef => isNamed(value);

/** The order in the answer, or null when it is not one: no id, lines or delivery status. */
function toBrandOrder(value: unknown): BrandOrder | null {
  if (
    !isRecord(value) ||
    typeof value._id !== 'string' ||
    !Array.isArray(value.products) ||
    typeof value.deliveryStatus !== 'string'
  ) {
    return null;
  }
  const order = value as unknown as BrandOrder;
  return {
    ...order,
    brandName: typeof value.brandName === 'string' ? value.brandName : '',
    customerEmail: typeof value.customerEmail === 'string' ? value.customerEmail : '',
    cancelRequest: isCancelRequest(value.cancelRequest) ? value.cancelRequest : null,
  };
}

/** `{success: true, order}`, the answer of both actions: the order as it is now. */
function readOrder(answer: unknown): BrandOrder {
  const order = isRecord(answer) && answer.success === true ? toBrandOrder(answer.order) : null;
  if (!order) throw unexpected();
  return order;
}

/** GET /api/brand/orders: the brand and its orders, newest first. */
export async function getBrandOrders(signal?: AbortSignal): Promise<BrandOrders> {
  const answer = await api.get<unknown>('/brand/orders', { signal });
  if (
    !isRecord(answer) ||
    answer.success !== true ||
    !Array.isArray(answer.orders) ||
    !(answer.brand === null || isBrandRef(answer.brand))
  ) {
    throw unexpected();
  }
  return {
    brand: answer.brand,
    orders: answer.orders.map(toBrandOrder).filter((order) => order !== null),
  };
}

/**
 * POST /api/brand/orders/{orderId}/delivery: the order moved to `deliveryStatus`; 422
 * INVALID_MOVE with the reason when the order has moved on since it was read.
 */
export async function moveDelivery(orderId: string, deliveryStatus: DeliveryStep) {
  return readOrder(
    await api.post<unknown>(`/brand/orders/${encodeURIComponent(orderId)}/delivery`, {
      deliveryStatus,
    }),
  );
}

/**
 * POST /api/brand/orders/{orderId}/cancellation: approving cancels the order and starts the
 * shopper's refund; rejecting puts its delivery status back. 422 NO_OPEN_REQUEST when the
 * request was decided already.
 */
export async function decideCancellation(orderId: string, decision: CancellationDecision) {
  return readOrder(
    await api.post<unknown>(`/brand/orders/${encodeURIComponent(orderId)}/cancellation`, {
      decision,
    }),
  );
}
