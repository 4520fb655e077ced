import { Link } from 'react-router';
import { ADD_ADDRESS_TEXT, DELIVERY_LOCATION_LABEL } from '@/config/app';
import { paths } from '@/config/paths';
import { useAddresses } from '@/hooks/use-addresses';
import { useCuratedList } from '@/hooks/use-curated-list';
import { defaultAddress, shortAddress, type Address } from '@/api/addresses';
import { formatBadgeCount } from '@/lib/format-count';
import { useIsLoggedIn } from '@/stores/session';
import { CountBadge } from '@/components/ui/count-badge';
import { ChevronDownIcon, HeartIcon, MapPinIcon, SearchIcon, UserIcon } from '@/components/ui/icons';
import styles from './header.module.css';

/**
 * What the delivery-location button says under its label (000 §2.2): the saved (default)
 * address when logged in, else 'Add Address'. Null, the label alone, until the shopper's
 * addresses are known (loading, or a failed fetch).
 */
function deliveryText(isLoggedIn: boolean, addresses: Address[] | undefined): string | null {
  if (!isLoggedIn) return ADD_ADDRESS_TEXT;
  if (!addresses) return null;
  const address = defaultAddress(addresses);
  return address ? shortAddress(address) : ADD_ADDRESS_TEXT;
}

/** The fixed top header (000 §2.2). */
export function Header() {
  const isLoggedIn = useIsLoggedIn();
  // Visitors have no list (the query waits for a session); a failed fetch shows no count.
  const wishlistCount = useCuratedList().data?.length ?? 0;
  const addressText = deliveryText(isLoggedIn, useAddresses().data);
  const hasWishlist = wishlistCount > 0;
  const wishlistLabel = hasWishlist
    ? `Curated list, ${formatBadgeCount(wishlistCount)} ${wishlistCount === 1 ? 'item' : 'items'}`
    : 'Curated list';

  return (
    <header className={styles.header}>
      <Link
        to={paths.location.getHref()}
        className={styles.location}
        aria-label={
          addressText ? `${DELIVERY_LOCATION_LABEL}: ${addressText}` : DELIVERY_LOCATION_LABEL
        }
      >
        <span className={styles.pin}>
          <MapPinIcon size={20} />
        </span>
        <span className={styles.locationText}>
          <span className={styles.label}>{DELIVERY_LOCATION_LABEL}</span>{' '}
          <span className={styles.address}>
            {addressText && <span className={styles.addressValue}>{addressText}</span>}
            <ChevronDownIcon size={16} />
          </span>
        </span>
      </Link>

      <div className={styles.actions}>
        <Link to={paths.search.getHref()} className={styles.iconButton} aria-label="Search">
          <SearchIcon />
        </Link>
        <Link
          to={paths.curatedList.getHref()}
          className={`${styles.iconButton} ${hasWishlist ? styles.heartActive : ''}`}
          aria-label={wishlistLabel}
        >
          <HeartIcon filled={hasWishlist} />
          <CountBadge count={wishlistCount} />
        </Link>
        <Link to={paths.profile.getHref()} className={styles.iconButton} aria-label="Profile">
          <UserIcon />
        </Link>
      </div>
    </header>
  );
}
