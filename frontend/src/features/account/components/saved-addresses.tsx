import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAddresses, useDeleteAddress, useMakeDefaultAddress } from '@/hooks/use-addresses';
import { placeLine, type Address } from '@/api/addresses';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { BoltIcon, MapPinIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useToastActions } from '@/stores/toasts';
import { formatPhone } from '../utils/account-rules';
import { PlusIcon } from './account-icons';
import styles from './profile-screen.module.css';

/** The panel's words: the specification's (001 §5, §8) and, where it gives none, ours. */
export const ADDRESS_TEXTS = {
  loading: 'Loading addresses...',
  loadFailed: 'Failed to load addresses.',
  empty: 'No saved addresses yet.',
  confirmDelete: 'Delete this address?',
  deleteFailed: 'Failed to delete address.',
  makeDefaultFailed: 'Could not make this your default address.',
} as const;


interface AddressCardProps {
  address: Address;
  /** Any change to the list is in flight: every card's buttons wait. */
  busy: boolean;
  onDelete: () => void;
  onMakeDefault: () => void;
}

function AddressCard({ address, busy, onDelete, onMakeDefault }: AddressCardProps) {
  const name = address.billing_customer_name.trim();
  const { delivery } = address;
  const place = placeLine(
    address.billing_address_2,
    address.billing_city,
    address.billing_state,
    address.billing_pincode,
  );
  return (
    <li className={styles.address} aria-label={name || address.billing_address}>
      <span className={styles.addressIcon}>
        <MapPinIcon size={18} />
      </span>
      <div className={styles.addressText}>
        <p className={styles.addressName}>
          {name}
          {address.isDefault && <span className={styles.defaultTag}>Default</span>}
        </p>
        <p>{address.billing_address}</p>
        {address.billing_address_2.trim() && <p>{address.billing_address_2}</p>}
        {place && <p>{place}</p>}
        {address.billing_phone && (
          <p className={styles.addressPhone}>{formatPhone(address.billing_phone)}</p>
        )}
        {delivery && (
          <p className={styles.delivery}>
            Delivery in {delivery.window}
            {delivery.expressAvailable && (
              <span className={styles.express}>
                <BoltIcon size={12} />
                Express available
              </span>
            )}
          </p>
        )}
        <div className={styles.addressActions}>
          {!address.isDefault && (
            <button
              type="button"
              className={styles.addressAction}
              onClick={onMakeDefault}
              disabled={busy}
            >
              Make default
            </button>
          )}
          <button
            type="button"
            className={`${styles.addressAction} ${styles.deleteAction}`}
            onClick={onDelete}
            disabled={busy}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * The profile's saved-addresses panel (001 §2 Profile, §5, §8): the signed-in shopper's
 * addresses with their delivery facts, the way to add one, delete (after 'Delete this
 * address?') and make one the default.
 */
export function SavedAddresses({ id }: { id: string }) {
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const makeDefault = useMakeDefaultAddress();
  const { toastShown } = useToastActions();
  const [confirming, setConfirming] = useState<Address | null>(null);
  const busy = remove.isPending || makeDefault.isPending;

  const confirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming._id, {
      onError: () => toastShown({ type: 'error', message: ADDRESS_TEXTS.deleteFailed }),
      onSettled: () => setConfirming(null),
    });
  };

  const chooseDefault = (address: Address) =>
    makeDefault.mutate(address._id, {
      onError: () => toastShown({ type: 'error', message: ADDRESS_TEXTS.makeDefaultFailed }),
    });

  let body;
  if (addresses.isPending) {
    body = (
      <p className={styles.panelState} role="status">
        <Spinner size="sm" color="purple" />
        {ADDRESS_TEXTS.loading}
      </p>
    );
  } else if (addresses.isError) {
    body = (
      <div className={styles.panelError} role="alert">
        <p>{ADDRESS_TEXTS.loadFailed}</p>
        <button
          type="button"
          className={styles.retry}
          onClick={() => void addresses.refetch()}
          disabled={addresses.isFetching}
        >
          Try Again
        </button>
      </div>
    );
  } else if (addresses.data.length === 0) {
    body = <p className={styles.panelEmpty}>{ADDRESS_TEXTS.empty}</p>;
  } else {
    body = (
      <ul className={styles.addresses} aria-label="Saved addresses">
        {addresses.data.map((address) => (
          <AddressCard
            key={address._id}
            address={address}
            busy={busy}
            onDelete={() => setConfirming(address)}
            onMakeDefault={() => chooseDefault(address)}
          />
        ))}
      </ul>
    );
  }

  const hasAddresses = (addresses.data?.length ?? 0) > 0;
  return (
    <div id={id} className={styles.panel}>
      {body}
      <Link to={paths.location.getHref()} className={styles.addAddress}>
        <PlusIcon />
        {hasAddresses ? 'Add New Address' : 'Add Address'}
      </Link>
      {confirming && (
        <ConfirmDialog
          title={ADDRESS_TEXTS.confirmDelete}
          message={[confirming.billing_address, confirming.billing_address_2]
            .map((line) => line.trim())
            .filter(Boolean)
            .join(', ')}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          destructive
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
