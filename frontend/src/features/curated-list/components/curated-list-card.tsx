import { OverlayIconButton } from '@/components/product/overlay-icon-button';
import {
  PlainProductCard,
  PlainProductCardSkeleton,
} from '@/components/product/plain-product-card';
import { BagIcon, CloseIcon } from '@/components/ui/icons';
import type { CuratedListEntry } from '@/api/curated-list';
import styles from './curated-list-card.module.css';

export const ADD_TO_CART_LABEL = 'Add to Cart';

interface CuratedListCardProps {
  entry: CuratedListEntry;
  /** The entry's removal is in flight: the button waits and the card dims. */
  removing: boolean;
  onRemove: () => void;
  /** The entry's add to the bag is in flight: 'Add to Cart' waits. */
  adding: boolean;
  onAddToCart: () => void;
}

/**
 * One saved product (001 §2): picture, brand, name and price in whole rupees, opening the
 * product page; the remove and 'Add to Cart' buttons sit beside the link, never inside it.
 */
export function CuratedListCard({
  entry,
  removing,
  onRemove,
  adding,
  onAddToCart,
}: CuratedListCardProps) {
  return (
    <PlainProductCard
      product={entry}
      className={removing ? `${styles.card} ${styles.removing}` : styles.card}
      aria-busy={removing || undefined}
      button={
        <>
          <OverlayIconButton
            corner
            aria-label={`Remove ${entry.name} from your curated list`}
            disabled={removing}
            onClick={onRemove}
          >
            <CloseIcon size={18} />
          </OverlayIconButton>
          <div className={styles.action}>
            <button
              type="button"
              className={styles.addToCart}
              disabled={adding}
              aria-busy={adding || undefined}
              onClick={onAddToCart}
            >
              <BagIcon size={16} />
              {ADD_TO_CART_LABEL}
              <span className="visually-hidden">: {entry.name}</span>
            </button>
          </div>
        </>
      }
    />
  );
}

/** The card's boxes while the list loads, so nothing moves when it arrives. */
export const CuratedListCardSkeleton = PlainProductCardSkeleton;
