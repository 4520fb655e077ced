import {
  PlainProductCard,
  PlainProductCardSkeleton,
} from '@/components/product/plain-product-card';
import { WishlistHeart } from '@/components/product/wishlist-heart';
import type { Product } from '@/lib/product';

/** 001 §2: a product without a price shows 'N/A'. */
export const MISSING_PRICE_TEXT = 'N/A';

/**
 * A look page card (001 §2): picture, brand, name and price in whole rupees, opening the
 * product; the heart beside the link toggles the curated list.
 */
export function LookProductCard({ product }: { product: Product }) {
  return (
    <PlainProductCard
      product={product}
      missingPrice={MISSING_PRICE_TEXT}
      button={<WishlistHeart productId={product._id} corner />}
    />
  );
}

/** The card's boxes while the look's products load. */
export const LookProductCardSkeleton = PlainProductCardSkeleton;
