import type { Product } from '@/lib/product';

/**
 * 000 §2.9: an 'OFFER' badge when the offer name contains flat or buy ('FLAT200', 'BUY2GET1').
 * The product's offer name is its assigned coupon's code.
 */
export function hasFlatOrBuyOffer(product: Pick<Product, 'assigned_coupon'>): boolean {
  const name = product.assigned_coupon?.coupon_code?.toLowerCase() ?? '';
  return name.includes('flat') || name.includes('buy');
}
