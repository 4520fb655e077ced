import { useId } from 'react';
import { Modal, ModalHeader } from '@/components/ui/modal';
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

/** The terms in a modal over the profile (001 §2 Privacy and Terms). */
export function TermsModal({ onClose }: { onClose: () => void }) {
  const titleId = useId();

  return (
    <Modal variant="dialog" onClose={onClose} labelledBy={titleId} className={styles.dialog}>
      <ModalHeader titleId={titleId} title={TERMS_TITLE} onClose={onClose} />
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
    </Modal>
  );
}
