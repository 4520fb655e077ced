import { lazy, Suspense, useState } from 'react';
import type { InrStyle } from '@/lib/money';
import type { Product } from '@/lib/product';
import { BAG_SIGN_IN_REASON } from '@/hooks/use-bag';
import { useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { BagIcon } from '@/components/ui/icons';
import styles from './add-to-cart-button.module.css';

/** 000 §8: what the deal and special-offer add says once the product is in the bag. */
export const ADDED_TO_CART_TEXT = 'Added to cart';

const SizeSheet = lazy(async () => ({
  default: (await import('@/components/product/size-sheet')).SizeSheet,
}));

/**
 * The deal and special-offer cards' button (000 §2.8, §2.10). The specification's button only
 * shows the toast; ours really adds (docs/requirements.md): a visitor gets the sign-in prompt,
 * a shopper chooses a size in a sheet, and the add keeps the bag's rules (one brand, stock).
 */
export function AddToCartButton({
  product,
  priceStyle,
}: {
  product: Product;
  /** The card's price style, kept in the size sheet. */
  priceStyle?: InrStyle;
}) {
  const { isLoggedIn } = useSessionUser();
  const { open } = useSignInPromptActions();
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => (isLoggedIn ? setChoosing(true) : open(BAG_SIGN_IN_REASON))}
      >
        <BagIcon size={16} />
        Add to cart
        <span className="visually-hidden">: {product.name}</span>
      </button>
      {choosing && (
        <Suspense fallback={null}>
          <SizeSheet
            product={product}
            action="add"
            priceStyle={priceStyle}
            addedText={ADDED_TO_CART_TEXT}
            onClose={() => setChoosing(false)}
          />
        </Suspense>
      )}
    </>
  );
}
