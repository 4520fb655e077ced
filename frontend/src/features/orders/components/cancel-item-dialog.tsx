import { useId, useState } from 'react';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { formatInr, parsePaise } from '@/lib/money';
import { cancellationReason } from '@/lib/orders';
import type { OrderLine } from '@/api/orders';
import styles from './cancel-item-dialog.module.css';

/** The dialog's words (001 §2 My Orders). */
export const CANCEL_DIALOG_TEXTS = {
  title: 'Cancel Order Item',
  message:
    'Are you sure you want to cancel this item? This request will be reviewed by Casa CRM.',
  reason: 'Cancellation Reason (Optional)',
  dismiss: 'Cancel',
  submit: 'Submit Request',
  submitting: 'Submitting...',
} as const;

interface CancelItemDialogProps {
  line: OrderLine;
  /** The line's name as its card shows it. */
  name: string;
  /** The request is in flight: both buttons wait. */
  busy: boolean;
  /** Submits with the reason as sent: trimmed, or null when blank (001 §5). */
  onSubmit: (reason: string | null) => void;
  /** Cancel, Close, Escape and the backdrop. */
  onClose: () => void;
}

/** Asks to confirm the cancellation of one order line, with an optional reason (001 §2, §4). */
export function CancelItemDialog({ line, name, busy, onSubmit, onClose }: CancelItemDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  return (
    <Modal
      variant="dialog"
      onClose={onClose}
      labelledBy={titleId}
      describedBy={messageId}
      className={styles.dialog}
    >
      <ModalHeader titleId={titleId} title={CANCEL_DIALOG_TEXTS.title} onClose={onClose} />
      <p id={messageId} className={styles.message}>
        {CANCEL_DIALOG_TEXTS.message}
      </p>
      <div className={styles.item}>
        <FallbackImage src={line.product?.images?.[0]} alt={name} className={styles.image} />
        <div className={styles.itemText}>
          <p className={styles.itemName}>{name}</p>
          <p className={styles.itemMeta}>
            {line.size?.trim() ? `Size: ${line.size.trim()} · ` : ''}Qty: {line.quantity} ·{' '}
            {formatInr(parsePaise(line.price))}
          </p>
        </div>
      </div>
      <label htmlFor={reasonId} className={styles.label}>
        {CANCEL_DIALOG_TEXTS.reason}
      </label>
      <textarea
        id={reasonId}
        className={styles.reason}
        rows={3}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        disabled={busy}
      />
      <div className={styles.actions}>
        <button type="button" className={styles.dismiss} onClick={onClose} disabled={busy}>
          {CANCEL_DIALOG_TEXTS.dismiss}
        </button>
        <button
          type="button"
          className={styles.submit}
          onClick={() => onSubmit(cancellationReason(reason))}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? CANCEL_DIALOG_TEXTS.submitting : CANCEL_DIALOG_TEXTS.submit}
        </button>
      </div>
    </Modal>
  );
}
