import { BagIcon } from '@/components/ui/icons';
import { useToastActions } from '@/stores/toasts';
import styles from './add-to-cart-button.module.css';

export const ADDED_TO_CART_TEXT = 'Added to cart';

/** The deal and special-offer cards' button: it only says so (000 §2.8, §2.10, §8). */
export function AddToCartButton({ productName }: { productName: string }) {
  const { toastShown } = useToastActions();
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => toastShown({ type: 'success', message: ADDED_TO_CART_TEXT })}
    >
      <BagIcon size={16} />
      Add to cart
      <span className="visually-hidden">: {productName}</span>
    </button>
  );
}
