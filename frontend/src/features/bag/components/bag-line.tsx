import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { lineQuantityLimit, type BagItem } from '@/api/bag';
import { formatInr, parsePaise } from '@/lib/money';
import { BAG_DRAG_LIMIT_PX } from '@/lib/swipe';
import { FallbackImage } from '@/components/ui/fallback-image';
import { CloseIcon } from '@/components/ui/icons';
import { useSwipeToRemove } from '../hooks/use-swipe-to-remove';
import styles from './bag-line.module.css';

export const PRICE_CHANGED_TEXT = 'Price changed since you added it';

interface BagLineProps {
  item: BagItem;
  /** A change of this line is in flight: its buttons wait and it dims. */
  busy: boolean;
  onQuantityChange: (quantity: number) => void;
  /** Takes the line out; `onFailed` runs when that fails (a swiped-out line slides back). */
  onRemove: (onFailed?: () => void) => void;
}

/**
 * One line of the bag (001 §2 Bag): picture (opening the product), brand, name, size, today's
 * price of one item, quantity minus and plus, and a remove button; swiping it left removes it too.
 */
export function BagLine({ item, busy, onQuantityChange, onRemove }: BagLineProps) {
  const { product, size, quantity } = item;
  const nameId = useId();
  // Swiped out: the line stays slid open until the removal answers, and slides back if it fails.
  const [swipedOut, setSwipedOut] = useState(false);
  const swipe = useSwipeToRemove(() => {
    setSwipedOut(true);
    onRemove(() => setSwipedOut(false));
  });
  const x = swipe.dragging ? swipe.offset : swipedOut ? -BAG_DRAG_LIMIT_PX : 0;
  const limit = lineQuantityLimit(item);
  const unitPaise = parsePaise(item.unitPrice);

  return (
    <li className={styles.row}>
      <div className={styles.behind} aria-hidden="true">
        Remove
      </div>
      <article
        className={[styles.line, swipe.dragging ? styles.dragging : '', busy ? styles.busy : '']
          .filter(Boolean)
          .join(' ')}
        style={{ transform: x === 0 ? undefined : `translateX(${x}px)` }}
        aria-labelledby={nameId}
        aria-busy={busy || undefined}
        data-testid="bag-line"
        {...swipe.handlers}
      >
        <Link
          to={paths.product.getHref(product._id)}
          className={styles.media}
          tabIndex={-1}
          aria-hidden="true"
          draggable={false}
        >
          <FallbackImage
            src={product.images.find(Boolean)}
            alt={product.name}
            className={styles.image}
            draggable={false}
          />
        </Link>
        <div className={styles.details}>
          <p className={styles.brand}>{product.brand.name}</p>
          <h3 id={nameId} className={styles.name}>
            <Link to={paths.product.getHref(product._id)} draggable={false}>
              {product.name}
            </Link>
          </h3>
          <p className={styles.size}>Size: {size}</p>
          <p className={styles.price}>
            <span className={styles.unit}>{formatInr(unitPaise)}</span>
            {item.priceChanged && (
              <s className={styles.was}>
                <span className="visually-hidden">was </span>
                {formatInr(parsePaise(item.priceAtAdd))}
              </s>
            )}
          </p>
          {item.priceChanged && <p className={styles.note}>{PRICE_CHANGED_TEXT}</p>}
          {item.available === false && (
            <p className={styles.note} role="status">
              {item.unavailableReason ?? 'This product is no longer available.'}
            </p>
          )}
          <div className={styles.stepper} role="group" aria-label={`Quantity of ${product.name}`}>
            <button
              type="button"
              className={styles.step}
              aria-label={`Decrease quantity of ${product.name}`}
              disabled={busy}
              // 001 §4: never below 0; 0 takes the line out.
              onClick={() => onQuantityChange(quantity - 1)}
            >
              −
            </button>
            <span className={styles.quantity} aria-live="polite">
              {quantity}
            </span>
            <button
              type="button"
              className={styles.step}
              aria-label={`Increase quantity of ${product.name}`}
              disabled={busy || quantity >= limit}
              onClick={() => onQuantityChange(quantity + 1)}
            >
              +
            </button>
          </div>
        </div>
        <button
          type="button"
          className={styles.remove}
          aria-label={`Remove ${product.name} from your bag`}
          disabled={busy}
          onClick={() => onRemove()}
        >
          <CloseIcon size={16} />
        </button>
      </article>
    </li>
  );
}
