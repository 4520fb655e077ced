import { useState, type SyntheticEvent } from 'react';
import type { Product } from '@/lib/product';
import { BAG_SIGN_IN_REASON } from '@/hooks/use-bag';
import { BUY_NOW_SIGN_IN_REASON } from '@/hooks/use-buy-now';
import { useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { SizeSheet, type SizeSheetAction } from '@/components/product/size-sheet';
import styles from './card-buy-bar.module.css';

export const CARD_BUY_LABELS: Record<SizeSheetAction, string> = {
  add: 'Add to Bag',
  buy: 'Buy Now',
};

/**
 * The card's own events stop here: a press on these buttons is no drag, no tap that opens the
 * product, and no key for the stack.
 */
const keepFromCard = (event: SyntheticEvent) => event.stopPropagation();

/**
 * Buying from a swipe card (001 §1, §6): Add to Bag and Buy Now open the size sheet with the
 * product page's rules. Both are signed-in actions, so a visitor gets the sign-in prompt, as on
 * the product page.
 */
export function CardBuyBar({ product }: { product: Product }) {
  const { isLoggedIn } = useSessionUser();
  const { open } = useSignInPromptActions();
  const [action, setAction] = useState<SizeSheetAction | null>(null);

  const choose = (chosen: SizeSheetAction) => {
    if (isLoggedIn) setAction(chosen);
    else open(chosen === 'buy' ? BUY_NOW_SIGN_IN_REASON : BAG_SIGN_IN_REASON);
  };

  return (
    // Events of the sheet pass through here too: React bubbles them along the component tree.
    <div
      className={styles.bar}
      onPointerDown={keepFromCard}
      onClick={keepFromCard}
      onKeyDown={keepFromCard}
    >
      {(['add', 'buy'] as const).map((each) => (
        <button
          key={each}
          type="button"
          className={each === 'buy' ? `${styles.button} ${styles.buy}` : styles.button}
          onClick={() => choose(each)}
        >
          {CARD_BUY_LABELS[each]}
          <span className="visually-hidden">: {product.name}</span>
        </button>
      ))}
      {action && <SizeSheet product={product} action={action} onClose={() => setAction(null)} />}
    </div>
  );
}
