import type { ReactNode } from 'react';
import { CloseIcon } from './icons';
import styles from './modal.module.css';
import { useFocusTrap } from './use-focus-trap';

const VARIANTS = { sheet: styles.sheet, dialog: styles.dialog };

export interface ModalProps {
  /** `sheet` rises from the foot of the frame under a grabber; `dialog` sits in its middle. */
  variant: 'sheet' | 'dialog';
  /** Escape and the backdrop call it. */
  onClose: () => void;
  /** Id of the heading inside that names the modal. */
  labelledBy: string;
  describedBy?: string;
  /** The panel's own layout: its rows, padding and scrolling. */
  className?: string;
  children: ReactNode;
}

/**
 * The modal shell of the app's sheets and dialogs: backdrop, focus kept inside, Escape to close,
 * and focus handed back to whatever opened it.
 */
export function Modal({
  variant,
  onClose,
  labelledBy,
  describedBy,
  className,
  children,
}: ModalProps) {
  const panelRef = useFocusTrap<HTMLDivElement>(onClose);

  return (
    <div className={variant === 'dialog' ? `${styles.layer} ${styles.centred}` : styles.layer}>
      <div
        className={styles.backdrop}
        onClick={onClose}
        aria-hidden="true"
        data-testid={`${variant}-backdrop`}
      />
      <div
        ref={panelRef}
        className={[styles.panel, VARIANTS[variant], className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {variant === 'sheet' && <span className={styles.grabber} aria-hidden="true" />}
        {children}
      </div>
    </div>
  );
}

interface ModalIconButtonProps {
  /** The accessible name: the icon says nothing. */
  label: string;
  onClick: () => void;
  /** Where it sits, when not in a header row. */
  className?: string;
  children: ReactNode;
}

/** The round button in a modal's corners: Close, and the login sheet's Back. */
export function ModalIconButton({ label, onClick, className, children }: ModalIconButtonProps) {
  return (
    <button
      type="button"
      className={className ? `${styles.iconButton} ${className}` : styles.iconButton}
      onClick={onClick}
      aria-label={label}
    >
      {children}
    </button>
  );
}

export function ModalCloseButton({
  onClose,
  className,
}: {
  onClose: () => void;
  className?: string;
}) {
  return (
    <ModalIconButton label="Close" onClick={onClose} className={className}>
      <CloseIcon size={20} />
    </ModalIconButton>
  );
}

interface ModalHeaderProps {
  /** The heading's id, the modal's `labelledBy`. */
  titleId: string;
  title: string;
  onClose: () => void;
  /** The row's padding. */
  className?: string;
}

/** The title on the left, Close on the right. */
export function ModalHeader({ titleId, title, onClose, className }: ModalHeaderProps) {
  return (
    <div className={className ? `${styles.header} ${className}` : styles.header}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <ModalCloseButton onClose={onClose} />
    </div>
  );
}
