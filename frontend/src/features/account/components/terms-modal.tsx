import { useEffect, useId, useRef, useState } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import styles from './terms-modal.module.css';

export const TERMS_TITLE = 'Terms & Conditions';

/** The terms (001 §2 Profile): only what the specification states, in plain words. */
const TERMS: readonly { heading: string; text: string }[] = [
  { heading: 'Who can buy', text: 'You must be 18 years or older to buy from the shop.' },
  {
    heading: 'Orders and payment',
    text: 'Prices are in Indian rupees. You pay by card through our card payment provider, and an order is placed once the payment is verified.',
  },
  {
    heading: 'Returns and refunds',
    text: 'You can return an item within 30 days. The refund reaches you 5-7 business days after we receive the return.',
  },
  {
    heading: 'Limitation of liability',
    text: 'Our liability for anything you buy is limited to the value of the product.',
  },
  { heading: 'Governing law', text: 'These terms are governed by the laws of Maharashtra.' },
];

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex="0"]';

/** The terms in a modal over the profile (001 §2 Privacy and Terms). */
export function TermsModal({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Read while rendering, before the dialog takes focus, to hand focus back on close.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !dialog) return;
      // Tab and Shift+Tab wrap at the dialog's edges, so focus stays in the modal.
      const focusable = dialog.querySelectorAll<HTMLElement>(FOCUSABLE);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      opener?.focus();
    };
  }, [onClose, opener]);

  return (
    <div className={styles.layer}>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className={styles.top}>
          <h2 id={titleId} className={styles.title}>
            {TERMS_TITLE}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <CloseIcon size={20} />
          </button>
        </div>
        <div className={styles.body} tabIndex={0}>
          <p className={styles.intro}>
            By using the shop and placing orders you agree to these terms.
          </p>
          <ol className={styles.terms}>
            {TERMS.map((term) => (
              <li key={term.heading}>
                <h3 className={styles.heading}>{term.heading}</h3>
                <p className={styles.text}>{term.text}</p>
              </li>
            ))}
          </ol>
        </div>
        <button type="button" className={styles.done} onClick={onClose}>
          Got it
        </button>
      </div>
    </div>
  );
}
