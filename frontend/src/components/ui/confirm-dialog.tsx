import { useId, type ReactNode } from 'react';
import { Modal, ModalHeader } from './modal';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  /** One or two sentences on what confirming does. */
  message: ReactNode;
  confirmLabel: string;
  /** Said on the confirm button while the call is in flight ('Clearing...'). */
  busyLabel?: string;
  cancelLabel?: string;
  /** The confirmation's call is in flight: both buttons wait. */
  busy?: boolean;
  /** A destructive confirmation is drawn in the error colour. */
  destructive?: boolean;
  onConfirm: () => void;
  /** Cancel, Close, Escape and the backdrop. */
  onCancel: () => void;
}

/** A small dialog in the frame's middle asking to confirm one action ('Clear All Items?'). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  busy = false,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Modal
      variant="dialog"
      onClose={onCancel}
      labelledBy={titleId}
      describedBy={messageId}
      className={styles.dialog}
    >
      <ModalHeader titleId={titleId} title={title} onClose={onCancel} />
      <p id={messageId} className={styles.message}>
        {message}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.cancel} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={destructive ? `${styles.confirm} ${styles.destructive}` : styles.confirm}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
