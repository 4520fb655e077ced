import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertCircleIcon, SearchIcon } from './icons';
import styles from './state-panel.module.css';

/** A way on from an empty or failed screen: a link ('Back to Explore') or a button. */
export type StateAction = { label: string; to: string } | { label: string; onClick: () => void };

function ActionControl({ action, primary }: { action: StateAction; primary: boolean }) {
  const className = primary ? styles.primary : styles.secondary;
  if ('to' in action) {
    return (
      <Link to={action.to} className={className}>
        {action.label}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={action.onClick}>
      {action.label}
    </button>
  );
}

export interface EmptyStateProps {
  /** The specification's words: 'No deals found'. */
  title: string;
  hint?: ReactNode;
  /** A 24 px icon; a magnifier by default. */
  icon?: ReactNode;
  action?: StateAction;
  className?: string;
}

/** What a list shows when it has nothing (000 §8 empty messages). */
export function EmptyState({ title, hint, icon, action, className }: EmptyStateProps) {
  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')}>
      <span className={styles.icon} aria-hidden="true">
        {icon ?? <SearchIcon />}
      </span>
      <h2 className={styles.title}>{title}</h2>
      {hint && <p className={styles.hint}>{hint}</p>}
      {action && (
        <div className={styles.actions}>
          <ActionControl action={action} primary />
        </div>
      )}
    </section>
  );
}

export interface ErrorStateProps {
  /** The specification's words: 'Failed to load deals. Please try again.' */
  message: string;
  title?: string;
  onRetry: () => void;
  /** 'Try Again' by default; the offer page says 'Retry' (000 §2.9). */
  retryLabel?: string;
  /** A second way on, e.g. 'Back to Explore'. */
  action?: StateAction;
  className?: string;
}

/** A failed load, announced, with a retry (000 §8). */
export function ErrorState({
  message,
  title,
  onRetry,
  retryLabel = 'Try Again',
  action,
  className,
}: ErrorStateProps) {
  return (
    <section
      className={[styles.panel, styles.error, className].filter(Boolean).join(' ')}
      role="alert"
    >
      <span className={styles.icon} aria-hidden="true">
        <AlertCircleIcon />
      </span>
      {title && <h2 className={styles.title}>{title}</h2>}
      <p className={styles.hint}>{message}</p>
      <div className={styles.actions}>
        <ActionControl action={{ label: retryLabel, onClick: onRetry }} primary />
        {action && <ActionControl action={action} primary={false} />}
      </div>
    </section>
  );
}
