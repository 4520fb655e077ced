import { useId, useState, type FormEvent } from 'react';
import type { TestCard } from '@/api/checkout';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { SHEET_TEXTS } from '../utils/checkout-texts';
import styles from './checkout.module.css';

interface PaymentSheetProps {
  /** The amount, formatted ('₹1,299'). */
  amount: string;
  error: string | null;
  onPay: (card: TestCard) => Promise<void>;
  onClose: () => void;
}

const EMPTY_CARD: TestCard = { cardNumber: '', expiry: '', cvv: '', name: '' };

/**
 * The sandbox's card sheet (docs/http-api.md, Payments): what Razorpay's window is when the API
 * runs without a Razorpay key. Nothing is prefilled, so paying is always a choice of card.
 */
export function PaymentSheet({ amount, error, onPay, onClose }: PaymentSheetProps) {
  const titleId = useId();
  const noteId = useId();
  const [card, setCard] = useState<TestCard>(EMPTY_CARD);
  const [paying, setPaying] = useState(false);
  const field = (key: keyof TestCard) => ({
    value: card[key],
    onChange: (event: { target: { value: string } }) =>
      setCard((current) => ({ ...current, [key]: event.target.value })),
    disabled: paying,
    required: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPaying(true);
    // The card number goes without the spaces people type in groups of four.
    void onPay({ ...card, cardNumber: card.cardNumber.replace(/\s/g, '') }).finally(() =>
      setPaying(false),
    );
  };

  return (
    <Modal variant="sheet" onClose={onClose} labelledBy={titleId} describedBy={noteId}>
      <form className={styles.sheet} onSubmit={submit}>
        <ModalHeader titleId={titleId} title={SHEET_TEXTS.title} onClose={onClose} />
        <p id={noteId} className={styles.note}>
          {SHEET_TEXTS.note}
        </p>
        <label className={styles.field}>
          {SHEET_TEXTS.cardNumber}
          <input inputMode="numeric" autoComplete="cc-number" {...field('cardNumber')} />
        </label>
        <div className={styles.fieldRow}>
          <label className={styles.field}>
            {SHEET_TEXTS.expiry}
            <input placeholder="MM/YY" autoComplete="cc-exp" {...field('expiry')} />
          </label>
          <label className={styles.field}>
            {SHEET_TEXTS.cvv}
            <input inputMode="numeric" autoComplete="cc-csc" {...field('cvv')} />
          </label>
        </div>
        <label className={styles.field}>
          {SHEET_TEXTS.name}
          <input autoComplete="cc-name" {...field('name')} />
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={styles.payButton} disabled={paying}>
          {paying ? SHEET_TEXTS.paying : SHEET_TEXTS.pay(amount)}
        </button>
      </form>
    </Modal>
  );
}
