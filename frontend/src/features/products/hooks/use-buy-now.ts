import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { brandName, firstImage, type Product } from '@/lib/product';
import { useIsLoggedIn } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';

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

/**
 * Buy Now on the product page (000 §4): it needs a size (the button stays disabled without one)
 * and an account, so a logged-out visitor gets the sign-in prompt. A shopper goes to checkout
 * with the product, quantity 1 and directBuy; the bag and checkout issues add the bag call.
 */
export function useBuyNow(): (product: Product, size: string) => void {
  const isLoggedIn = useIsLoggedIn();
  const { open } = useSignInPromptActions();
  const navigate = useNavigate();
  return (product, size) => {
    if (!isLoggedIn) {
      open(BUY_NOW_SIGN_IN_REASON);
      return;
    }
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
    void navigate(paths.checkout.getHref(), { state });
  };
}
