import { useEffect, useState } from 'react';
import { formatInr, parsePaise } from '@/lib/money';
import { useToastActions } from '@/stores/toasts';
import type { MyOffer } from '../api/my-offers-api';
import styles from './offer-card.module.css';

export const OFFER_CARD_TEXTS = {
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy the code. Please note it down instead.',
} as const;

/** How long 'Copied' stays on the button before it reads 'Copy' again. */
export const COPIED_FEEDBACK_MS = 2000;

/** The headline: '10% OFF' or '₹150 OFF'. */
export function discountHeadline({ discount_type, discount_value }: MyOffer): string {
  const paise = parsePaise(discount_value);
  return discount_type === 'percentage' ? `${paise / 100}% OFF` : `${formatInr(paise)} OFF`;
}

/** One coupon (001 §3): its discount, title, code with a copy button, and its conditions. */
export function OfferCard({ offer }: { offer: MyOffer }) {
  const { toastShown } = useToastActions();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(offer.coupon_code);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the code is still on screen.
      toastShown({ type: 'error', message: OFFER_CARD_TEXTS.copyFailed });
    }
  };

  return (
    <article className={styles.card} aria-label={offer.title}>
      <p className={styles.headline}>{discountHeadline(offer)}</p>
      <h2 className={styles.title}>{offer.title}</h2>
      <div className={styles.codeRow}>
        <code className={styles.code}>{offer.coupon_code}</code>
        <button
          type="button"
          className={styles.copy}
          onClick={() => void copy()}
          aria-label={copied ? OFFER_CARD_TEXTS.copied : `Copy code ${offer.coupon_code}`}
        >
          {copied ? OFFER_CARD_TEXTS.copied : OFFER_CARD_TEXTS.copy}
        </button>
      </div>
      {offer.rules.length > 0 && (
        <ul className={styles.rules}>
          {offer.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
