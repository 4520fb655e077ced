// What My Orders shows of an order, whether an item may be cancelled, where the brand's team may
// move its delivery, and checkout's payment states (001 §4, §5, §9). Mirrors the `orders` crate;
// both check the display, cancel and checkout rules against testdata/vectors/orders.json.

/** The delivery statuses with words of their own; any other stored text is shown as it is. */
export const DELIVERY_STATUSES = [
  'pending',
  'Accepted',
  'Processing',
  'Shipped',
  'Out for Delivery',
  'Delivered',
  'Cancelled',
  'Cancellation Requested',
] as const;

export type KnownDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type OrderStatus = 'cancelled' | 'cancel_requested' | 'cancel_rejected';

/** Characters of an order id shown after 'Order #' (001 §9). */
export const ORDER_ID_DISPLAY_CHARS = 8;

/** Letter case folded for ASCII only, as the server compares: no other letter may match. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

const sameWords = (raw: string, known: string) =>
  asciiLower(raw.trim()) === asciiLower(known);

/** A stored delivery status in its own words, or null for one the shop does not know. */
export function knownDeliveryStatus(raw: string): KnownDeliveryStatus | null {
  return DELIVERY_STATUSES.find((status) => sameWords(raw, status)) ?? null;
}

/** The text a delivery status shows: its own words, or the stored text for others. */
export const deliveryStatusText = (raw: string): string => knownDeliveryStatus(raw) ?? raw;

/** Whether a delivery status shows in neutral grey: `pending` and unknown ones (001 §4). */
export function isNeutralStatus(raw: string): boolean {
  const known = knownDeliveryStatus(raw);
  return known === null || known === 'pending';
}

/** An order's stored `status`, or null for none or any other value. */
export function orderStatus(raw: string | null | undefined): OrderStatus | null {
  const statuses: OrderStatus[] = ['cancelled', 'cancel_requested', 'cancel_rejected'];
  return statuses.find((status) => raw != null && sameWords(raw, status)) ?? null;
}

/** The status line: cancelled and rejected have their own text, else the delivery status. */
export function statusText(status: string | null | undefined, deliveryStatus: string): string {
  switch (orderStatus(status)) {
    case 'cancelled':
      return 'Order cancelled successfully';
    case 'cancel_rejected':
      return 'Cancellation rejected by brand';
    default:
      return deliveryStatusText(deliveryStatus);
  }
}

/** The refund badge, only for cancelled orders (001 §4); a failed refund reads 'Not Initiated'. */
export function refundLabel(
  status: string | null | undefined,
  refundStatus: string | null | undefined,
): string | null {
  if (orderStatus(status) !== 'cancelled') return null;
  if (refundStatus != null && sameWords(refundStatus, 'completed')) return 'Completed';
  if (refundStatus != null && sameWords(refundStatus, 'initiated')) return 'Initiated';
  return 'Not Initiated';
}

const BLOCKED_BY_DELIVERY: KnownDeliveryStatus[] = [
  'Shipped',
  'Out for Delivery',
  'Delivered',
  'Cancelled',
  'Cancellation Requested',
];

/** Whether the delivery status still allows cancelling (001 §4). */
export function deliveryAllowsCancel(deliveryStatus: string): boolean {
  const known = knownDeliveryStatus(deliveryStatus);
  return known === null || !BLOCKED_BY_DELIVERY.includes(known);
}

/** The delivery steps the brand's team moves an order along, in their order (001 §4). */
export const DELIVERY_STEPS = [
  'pending',
  'Accepted',
  'Processing',
  'Shipped',
  'Out for Delivery',
  'Delivered',
] as const satisfies readonly KnownDeliveryStatus[];

export type DeliveryStep = (typeof DELIVERY_STEPS)[number];

/**
 * The delivery statuses the brand's team may move an order to: any later step, since a step may
 * be skipped (a brand may ship the moment it accepts); none once Delivered or cancelled, while a
 * cancellation request waits (Cancellation Requested), or from a status the shop does not know.
 * The server applies the same rule (crates/orders/src/moves.rs) and answers 422 with its reason
 * when the order moved on since it was read.
 */
export function deliveryMoves(
  deliveryStatus: string,
  status: string | null | undefined,
): DeliveryStep[] {
  if (orderStatus(status) === 'cancelled') return [];
  const from = DELIVERY_STEPS.findIndex((step) => step === knownDeliveryStatus(deliveryStatus));
  return from === -1 ? [] : DELIVERY_STEPS.slice(from + 1);
}

export interface CancelButton {
  label: 'Requested' | 'Cancel';
  enabled: boolean;
}

/**
 * The cancel button of an item: 'Requested' once asked (this page's own mark, set on submit) or
 * when the order is in Cancellation Requested; disabled when asked or no longer allowed (001 §4).
 */
export function cancelButton(deliveryStatus: string, alreadyRequested: boolean): CancelButton {
  const requested =
    alreadyRequested || knownDeliveryStatus(deliveryStatus) === 'Cancellation Requested';
  return {
    label: requested ? 'Requested' : 'Cancel',
    enabled: !alreadyRequested && deliveryAllowsCancel(deliveryStatus),
  };
}

export const CANCEL_BLOCKED_MESSAGES = {
  shipped: 'Cannot cancel this item. Order has already been shipped or delivered.',
  cancelled: 'This order has already been cancelled.',
  requested:
    "A cancellation has already been requested for this order. You will be notified once it's processed.",
} as const;

/** Why an item cannot be cancelled, or null when it can (001 §4, §5). */
export function cancelBlockedMessage(
  status: string | null | undefined,
  deliveryStatus: string,
): string | null {
  const order = orderStatus(status);
  const delivery = knownDeliveryStatus(deliveryStatus);
  if (order === 'cancelled' || delivery === 'Cancelled') return CANCEL_BLOCKED_MESSAGES.cancelled;
  if (order === 'cancel_requested' || delivery === 'Cancellation Requested') {
    return CANCEL_BLOCKED_MESSAGES.requested;
  }
  if (delivery === 'Shipped' || delivery === 'Out for Delivery' || delivery === 'Delivered') {
    return CANCEL_BLOCKED_MESSAGES.shipped;
  }
  return null;
}

/** The cancellation reason as sent: trimmed, or null when blank (001 §5). */
export function cancellationReason(raw: string): string | null {
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

/** The id shown after 'Order #': its last 8 characters, or all of it when shorter (001 §9). */
export function orderIdDisplay(id: string): string {
  return Array.from(id).slice(-ORDER_ID_DISPLAY_CHARS).join('');
}

export type CheckoutState =
  | 'idle'
  | 'processing'
  | 'verified'
  | 'order_created'
  | 'bag_cleared'
  | 'express_requested'
  | 'success';

/**
 * The states each checkout state may go to (001 §4). Dismissing the payment window, like a
 * failed payment, is processing -> idle; once verified the shopper has paid and nothing goes back.
 */
export const CHECKOUT_NEXT: Record<CheckoutState, readonly CheckoutState[]> = {
  idle: ['processing'],
  processing: ['idle', 'verified'],
  verified: ['order_created'],
  order_created: ['bag_cleared'],
  bag_cleared: ['express_requested', 'success'],
  express_requested: ['success'],
  success: [],
};

export const checkoutAllows = (from: CheckoutState, to: CheckoutState): boolean =>
  CHECKOUT_NEXT[from].includes(to);

/** Whether the pay button may be pressed in this state: only when idle (001 §5). */
export const acceptsPayment = (state: CheckoutState): boolean => state === 'idle';
