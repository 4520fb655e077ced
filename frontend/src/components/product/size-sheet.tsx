import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { DEFAULT_QUANTITY, DEFAULT_SIZE } from '@/api/bag';
import { TOAST_ELSEWHERE_MS } from '@/config/app';
import type { InrStyle } from '@/lib/money';
import { brandName, type Product } from '@/lib/product';
import { useAddToBag } from '@/hooks/use-bag';
import { useBuyNow } from '@/hooks/use-buy-now';
import { showToast } from '@/stores/toasts';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { PriceTag } from './price-tag';
import { SizeSelector } from './size-selector';
import styles from './size-sheet.module.css';

/** 000 §5: buying needs a size. */
export const SELECT_SIZE_TEXT = 'Please select a size';

export type SizeSheetAction = 'add' | 'buy';

/** The sheet's buttons, worded as the product page's BUY NOW. */
export const SIZE_SHEET_LABELS: Record<SizeSheetAction, string> = {
  add: 'ADD TO BAG',
  buy: 'BUY NOW',
};

export interface SizeSheetProps {
  product: Product;
  /** What the shopper asked for on the card: the sheet's button. */
  action: SizeSheetAction;
  /** The price as the card that opened the sheet shows it (deals: whole rupees, 000 §9). */
  priceStyle?: InrStyle;
  /** The toast once added, when not the bag's own 'Added to bag': the offer screens' 3000 ms one. */
  addedText?: string;
  onClose: () => void;
}

/**
 * The size choice of a buy from outside the product page (a swipe card, a deal, a special
 * offer): the product's sizes (sold-out ones disabled, 'N left' for the chosen one), then Add
 * to Bag or Buy Now with the product page's rules (hooks/use-bag, hooks/use-buy-now): the
 * one-brand dialog, the server's stock refusal, checkout after Buy Now. Pressed without a size
 * it says 'Please select a size' (000 §5). A product with no sizes is one size: the bag's
 * default M (001 §9).
 *
 * Drawn into the document's body: a card that moves (the swipe stack) must not carry it along.
 */
export function SizeSheet({ product, action, priceStyle, addedText, onClose }: SizeSheetProps) {
  const sizes = product.sizes ?? [];
  const [size, setSize] = useState<string | null>(sizes.length === 0 ? DEFAULT_SIZE : null);
  const [missing, setMissing] = useState(false);
  const bag = useAddToBag();
  const buyNow = useBuyNow();
  const titleId = useId();
  const errorId = useId();
  const brand = brandName(product);

  const confirm = () => {
    if (size === null) {
      setMissing(true);
      return;
    }
    if (action === 'buy') buyNow.buy(product, size);
    else
      bag.add(
        { productId: product._id, size, quantity: DEFAULT_QUANTITY },
        // In place of the bag's own toast, after the add or after a brand switch.
        addedText === undefined
          ? undefined
          : () =>
              showToast({ type: 'success', message: addedText, durationMs: TOAST_ELSEWHERE_MS }),
      );
    // The add goes on without the sheet: its toast, the brand dialog or checkout follow.
    onClose();
  };

  return createPortal(
    <Modal variant="sheet" onClose={onClose} labelledBy={titleId} className={styles.sheet}>
      <ModalHeader titleId={titleId} title={product.name} onClose={onClose} />
      <div className={styles.body}>
        {brand && <p className={styles.brand}>{brand}</p>}
        <PriceTag product={product} priceStyle={priceStyle} />
        {sizes.length > 0 && (
          <SizeSelector
            sizes={sizes}
            stock={product.stock}
            selected={size}
            onSelect={(chosen) => {
              setSize(chosen);
              setMissing(false);
            }}
          />
        )}
        {missing && (
          <p id={errorId} className={styles.error} role="alert">
            {SELECT_SIZE_TEXT}
          </p>
        )}
      </div>
      <button
        type="button"
        className={styles.confirm}
        aria-describedby={missing ? errorId : undefined}
        onClick={confirm}
      >
        {SIZE_SHEET_LABELS[action]}
      </button>
    </Modal>,
    document.body,
  );
}
