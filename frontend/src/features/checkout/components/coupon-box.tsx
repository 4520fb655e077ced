import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_CODE } from '@/api/client';
import { validateCoupon, type CouponCartItem } from '@/api/checkout';
import { useSessionUser } from '@/stores/session';
import { CHECKOUT_TEXTS } from '../utils/checkout-texts';
import styles from './checkout.module.css';

interface CouponBoxProps {
  /** Buy Now's line; none checks the bag the server holds. */
  cartItems: CouponCartItem[] | undefined;
  applied: string | null;
  /** The quote's refusal of the applied coupon (the order fell below its minimum, say). */
  refusal: string | null;
  onApplied: (code: string) => void;
  onRemoved: () => void;
}

/** The answers whose own words the shopper reads: the coupon's refusals, an empty bag. */
const speaksForItself = (code: string) => code.startsWith('COUPON_') || code === 'EMPTY_CART';

/**
 * The server's words for a refusal (422: 'Invalid coupon code', 'Minimum order value of ₹999
 * required', ...); the spec's fallbacks otherwise (001 §8): no answer at all, the check could
 * not be made; a server failure, coupons are unavailable; any other refusal (a product of the
 * order no longer sold, say), the coupon could not be applied.
 */
export function couponError(error: Error): string {
  if (!(error instanceof ApiError) || error.code === NETWORK_ERROR_CODE) {
    return CHECKOUT_TEXTS.couponValidateFailed;
  }
  if (error.status >= 500) return CHECKOUT_TEXTS.couponUnavailable;
  if (speaksForItself(error.code)) return error.message;
  return CHECKOUT_TEXTS.couponApplyFailed;
}

/** Checkout's coupon (001 §4: none, applied, removed; §5's rules). */
export function CouponBox({ cartItems, applied, refusal, onApplied, onRemoved }: CouponBoxProps) {
  const inputId = useId();
  const { _id: userId } = useSessionUser();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (entered: string) => validateCoupon(entered, userId, cartItems),
    onSuccess: (offer) => {
      if (typeof offer.coupon_code !== 'string' || offer.coupon_code === '') {
        setError(CHECKOUT_TEXTS.couponInvalidData);
        return;
      }
      onApplied(offer.coupon_code.toUpperCase());
      setCode('');
    },
    onError: (failure) => setError(couponError(failure)),
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const entered = code.trim();
    if (entered === '') {
      setError(CHECKOUT_TEXTS.couponRequired);
      return;
    }
    check.mutate(entered);
  };

  const shownError = error ?? refusal;
  return (
    <section className={styles.card} aria-label={CHECKOUT_TEXTS.coupon}>
      <h2 className={styles.heading}>{CHECKOUT_TEXTS.coupon}</h2>
      {applied ? (
        <div className={styles.applied}>
          <p role="status">{CHECKOUT_TEXTS.couponApplied(applied)}</p>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setError(null);
              onRemoved();
            }}
          >
            {CHECKOUT_TEXTS.remove}
          </button>
        </div>
      ) : (
        <form className={styles.couponForm} onSubmit={apply}>
          <label htmlFor={inputId} className={styles.visuallyHidden}>
            Coupon code
          </label>
          <input
            id={inputId}
            value={code}
            placeholder={CHECKOUT_TEXTS.couponPlaceholder}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            autoCapitalize="characters"
          />
          <button type="submit" disabled={code === '' || check.isPending}>
            {check.isPending ? CHECKOUT_TEXTS.applying : CHECKOUT_TEXTS.apply}
          </button>
        </form>
      )}
      {shownError && (
        <p className={styles.error} role="alert">
          {shownError}
        </p>
      )}
    </section>
  );
}
