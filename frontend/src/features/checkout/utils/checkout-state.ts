import type { CheckoutSource, DeliverySpeed } from '@/api/checkout';
import type { WireDecimal } from '@/lib/product';

/** Buy Now's product as checkout reads it from the navigation state (000 §4). */
export interface DirectBuyItem {
  id: string;
  name: string;
  size: string;
  quantity: number;
}

/**
 * What checkout buys, from the state it was opened with: the bag's 'Proceed to Checkout' sends
 * directBuy false (BagCheckoutState), Buy Now directBuy true with its product. The state is
 * read defensively because a reload or a typed URL brings none: then it is the bag, which the
 * server holds anyway.
 */
export function directBuyItem(state: unknown): DirectBuyItem | null {
  if (typeof state !== 'object' || state === null) return null;
  const { directBuy, product } = state as { directBuy?: unknown; product?: unknown };
  if (directBuy !== true || typeof product !== 'object' || product === null) return null;
  const { id, name, selectedSize, quantity } = product as Record<string, unknown>;
  if (typeof id !== 'string' || typeof selectedSize !== 'string') return null;
  return {
    id,
    name: typeof name === 'string' ? name : '',
    size: selectedSize,
    quantity: typeof quantity === 'number' && quantity > 0 ? quantity : 1,
  };
}

export const sourceOf = (item: DirectBuyItem | null, quantity: number): CheckoutSource =>
  item ? { productId: item.id, size: item.size, quantity } : 'bag';

/** What /order-success receives (001 §2 Order success). */
export interface OrderSuccessState {
  orderId: string;
  items: { name: string; size: string; quantity: number; lineTotal: WireDecimal }[];
  total: WireDecimal;
  /** The delivery address on one line. */
  address: string;
  paymentId: string;
  srNumericId: string | number | null;
  srChannelId: string | number | null;
  deliverySpeed: DeliverySpeed;
  isQuickDelivery: boolean;
  deliveryFee: WireDecimal;
  /** The express window ('60-90 min'), shown instead of the standard estimate. */
  deliveryWindow: string;
}

export function isOrderSuccessState(state: unknown): state is OrderSuccessState {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { orderId?: unknown }).orderId === 'string' &&
    Array.isArray((state as { items?: unknown }).items)
  );
}
