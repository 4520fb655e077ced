import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDeleteAddress, type useAddresses } from '@/hooks/use-addresses';
import { ApiError } from '@/api/client';
import { placeLine, type Address } from '@/api/addresses';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/stores/toasts';
import { CHECKOUT_TEXTS } from '../utils/checkout-texts';
import styles from './checkout.module.css';

/** An address on one line: what the order and its confirmation carry (001 §3). */
export function addressLine(address: Address): string {
  const place = placeLine(
    address.billing_address_2,
    address.billing_city,
    address.billing_state,
    address.billing_pincode,
  );
  return [address.billing_address, address.billing_address_2, place]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

interface AddressPickerProps {
  addresses: ReturnType<typeof useAddresses>;
  selected: Address | null;
  onSelect: (addressId: string) => void;
}

/** Checkout's delivery addresses: choose one, add one (/location), delete after confirming. */
export function AddressPicker({ addresses, selected, onSelect }: AddressPickerProps) {
  const remove = useDeleteAddress();
  const [confirming, setConfirming] = useState<Address | null>(null);

  let body;
  if (addresses.isPending) {
    body = (
      <p className={styles.muted} role="status">
        <Spinner size="sm" color="purple" />
        {CHECKOUT_TEXTS.loadingAddresses}
      </p>
    );
  } else if (addresses.isError) {
    // 404: the server knows no such user as the one this browser holds (001 §8).
    const unknownUser =
      addresses.error instanceof ApiError && addresses.error.code === 'NOT_FOUND';
    body = (
      <p className={styles.error} role="alert">
        {unknownUser
          ? CHECKOUT_TEXTS.userNotFound
          : CHECKOUT_TEXTS.addressesFailed(
              addresses.error.message || CHECKOUT_TEXTS.addressesFailedDefault,
            )}
      </p>
    );
  } else {
    body = (
      <ul className={styles.options} aria-label="Delivery addresses">
        {addresses.data.map((address) => (
          <li key={address._id} className={styles.option}>
            <label className={styles.optionLabel}>
              <input
                type="radio"
                name="address"
                checked={selected?._id === address._id}
                onChange={() => onSelect(address._id)}
              />
              <span>
                <strong>{address.billing_customer_name}</strong>
                <span className={styles.muted}>{addressLine(address)}</span>
              </span>
            </label>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => setConfirming(address)}
              aria-label={`Delete ${address.billing_customer_name}'s address`}
              disabled={remove.isPending}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.card} aria-label={CHECKOUT_TEXTS.addresses}>
      <h2 className={styles.heading}>{CHECKOUT_TEXTS.addresses}</h2>
      {body}
      <Link to={paths.location.getHref()} className={styles.linkButton}>
        {CHECKOUT_TEXTS.addAddress}
      </Link>
      {confirming && (
        <ConfirmDialog
          title={CHECKOUT_TEXTS.confirmDelete}
          message={addressLine(confirming)}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          destructive
          onConfirm={() =>
            remove.mutate(confirming._id, {
              onError: () => showToast({ type: 'error', message: CHECKOUT_TEXTS.deleteFailed }),
              onSettled: () => setConfirming(null),
            })
          }
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
