import { Link } from 'react-router';
import { ADD_ADDRESS_TEXT, DELIVERY_LOCATION_LABEL } from '@/config/app';
import { paths } from '@/config/paths';
import { useCuratedList } from '@/hooks/use-curated-list';
import { formatBadgeCount } from '@/lib/format-count';
import { useIsLoggedIn, useSavedAddress, useSessionUser } from '@/stores/session';
import { CountBadge } from '@/components/ui/count-badge';
import { ChevronDownIcon, HeartIcon, MapPinIcon, SearchIcon, UserIcon } from '@/components/ui/icons';
import styles from './header.module.css';

/** The fixed top header (000 §2.2). */
export function Header() {
  const isLoggedIn = useIsLoggedIn();
  const savedAddress = useSavedAddress();
  const { location } = useSessionUser();
  // Visitors have no list (the query waits for a session); a failed fetch shows no count.
  const wishlistCount = useCuratedList().data?.length ?? 0;

  // The wizard's saved address wins; until there is one, the location given at sign-in (which
  // the server keeps as the first delivery address).
  const deliverTo = savedAddress ?? (location.trim() || null);
  const addressText = isLoggedIn && deliverTo ? deliverTo : ADD_ADDRESS_TEXT;
  const hasWishlist = wishlistCount > 0;
  const wishlistLabel = hasWishlist
    ? `Curated list, ${formatBadgeCount(wishlistCount)} ${wishlistCount === 1 ? 'item' : 'items'}`
    : 'Curated list';

  return (
    <header className={styles.header}>
      <Link
        to={paths.location.getHref()}
        className={styles.location}
        aria-label={`${DELIVERY_LOCATION_LABEL}: ${addressText}`}
      >
        <span className={styles.pin}>
          <MapPinIcon size={20} />
        </span>
        <span className={styles.locationText}>
          <span className={styles.label}>{DELIVERY_LOCATION_LABEL}</span>
          <span className={styles.address}>
            <span className={styles.addressValue}>{addressText}</span>
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
