import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { MapPinIcon } from '@/components/ui/icons';
import { PlusIcon } from './account-icons';
import styles from './profile-screen.module.css';

interface SavedAddressesProps {
  id: string;
  /** The delivery address saved in this browser (000 §3 `savedAddress`), if any. */
  savedAddress: string | null;
  /** The location on the shopper's record (given at sign-in or in the address wizard). */
  location: string;
}

/** The profile's saved-addresses panel (001 §2 Profile). */
export function SavedAddresses({ id, savedAddress, location }: SavedAddressesProps) {
  const entries = [
    { label: 'Delivery address', text: savedAddress?.trim() ?? '' },
    { label: 'Your location', text: location.trim() },
  ].filter(
    // Once an address is saved it is usually the location too: show it once.
    (entry, index, all) =>
      entry.text !== '' && all.findIndex((e) => e.text === entry.text) === index,
  );

  return (
    <div id={id} className={styles.panel}>
      {entries.length === 0 ? (
        <p className={styles.panelEmpty}>No saved addresses yet.</p>
      ) : (
        <ul className={styles.addresses} aria-label="Saved addresses">
          {entries.map((entry) => (
            <li key={entry.label} className={styles.address}>
              <span className={styles.addressIcon}>
                <MapPinIcon size={18} />
              </span>
              <span className={styles.addressText}>
                <span className={styles.addressLabel}>{entry.label}</span>
                {entry.text}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.location.getHref()} className={styles.addAddress}>
        <PlusIcon />
        {entries.length === 0 ? 'Add Address' : 'Add New Address'}
      </Link>
    </div>
  );
}
