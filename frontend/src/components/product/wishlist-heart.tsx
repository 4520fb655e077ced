import { HeartIcon } from '@/components/ui/icons';
import { useToggleWishlist } from '@/hooks/use-curated-list';
import { OverlayIconButton } from './overlay-icon-button';
import styles from './wishlist-heart.module.css';

interface WishlistHeartProps {
  productId: string;
  /** In the top-right corner of a product card's picture. */
  corner?: boolean;
  className?: string;
}

/** The wishlist heart of product cards and the product page; what a tap does is the hook's. */
export function WishlistHeart({ productId, corner, className }: WishlistHeartProps) {
  const wishlist = useToggleWishlist();
  const saved = wishlist.isSaved(productId);
  const pending = wishlist.isPending(productId);
  return (
    <OverlayIconButton
      corner={corner}
      className={[styles.heart, saved ? styles.saved : '', className].filter(Boolean).join(' ')}
      aria-label={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-busy={pending || undefined}
      disabled={pending}
      onClick={() => wishlist.toggle(productId)}
    >
      <HeartIcon size={20} filled={saved} />
    </OverlayIconButton>
  );
}
