/**
 * How many orders the signed-in shopper has placed, for the profile's header card (001 §2).
 * There is no orders API yet, so nobody has an order: the issue that brings My Orders swaps this
 * for the count of its orders query.
 */
export function useOrderCount(): number {
  return 0;
}
