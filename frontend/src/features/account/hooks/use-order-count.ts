import { useOrders } from '@/hooks/use-orders';

/**
 * How many orders the signed-in shopper has placed, for the profile's header card (001 §2): the
 * length of My Orders' own list, so both screens count the same orders. 0 until it arrives.
 */
export function useOrderCount(): number {
  return useOrders().data?.length ?? 0;
}
