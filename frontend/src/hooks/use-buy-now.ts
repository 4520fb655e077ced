import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { brandName, firstImage, type Product } from '@/lib/product';
import { useAddToBag } from '@/hooks/use-bag';

export const BUY_NOW_SIGN_IN_REASON = 'Sign in to buy this product.';

/** What checkout receives from Buy Now (000 §4). */
export interface DirectBuyState {
  product: {
    id: string;
    name: string;
    brand: string;
    price: Product['price'];
    image: string | undefined;
    selectedSize: string;
    sizes: string[];
    quantity: 1;
    offerPercentage: Product['offerPercentage'];
    assigned_coupon: Product['assigned_coupon'];
  };
  directBuy: true;
}

/** What the BUY NOW button calls, and reads to wait while its add is in flight. */
export interface BuyNow {
  buy: (product: Product, size: string) => void;
  isPending: (productId: string) => boolean;
}

/**
 * Buy Now on the product page (000 §4, 001 §4): it needs a size (the button stays disabled
 * without one) and an account, so a logged-out visitor gets the sign-in prompt. A shopper's
 * product goes into the bag, quantity 1 in that size, then on to checkout with the product and
 * directBuy. A bag of another brand first asks to switch (the shell's dialog), and checkout
 * follows the switch; a refused add (out of stock) shows the server's words and stays here.
 */
export function useBuyNow(): BuyNow {
  const navigate = useNavigate();
  const bag = useAddToBag({ signInReason: BUY_NOW_SIGN_IN_REASON });
  return {
    buy: (product, size) => {
      const state: DirectBuyState = {
        product: {
          id: product._id,
          name: product.name,
          brand: brandName(product),
          price: product.price,
          image: firstImage(product),
          selectedSize: size,
          sizes: product.sizes ?? [],
          quantity: 1,
          offerPercentage: product.offerPercentage,
          assigned_coupon: product.assigned_coupon,
        },
        directBuy: true,
      };
      bag.add({ productId: product._id, size, quantity: 1 }, () => {
        void navigate(paths.checkout.getHref(), { state });
      });
    },
    isPending: bag.isAdding,
  };
}
