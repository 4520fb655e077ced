import { useEffect } from 'react';
import { useToastActions, useToasts, type Toast, type ToastType } from '@/stores/toasts';
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';
import styles from './toast-viewport.module.css';

const ICONS: Record<ToastType, typeof InfoIcon> = {
  success: CheckCircleIcon,
  error: AlertCircleIcon,
  info: InfoIcon,
};

function ToastItem({ toast }: { toast: Toast }) {
  const { toastDismissed } = useToastActions();
  const { id, durationMs } = toast;

  useEffect(() => {
    const timer = window.setTimeout(() => toastDismissed(id), durationMs);
    return () => window.clearTimeout(timer);
  }, [id, durationMs, toastDismissed]);

  const Icon = ICONS[toast.type];
  return (
    <div
      className={`${styles.toast} ${styles[toast.type]}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-type={toast.type}
    >
      <Icon size={20} />
      <span className={styles.message}>{toast.message}</span>
      <button
        type="button"
        className={styles.close}
        onClick={() => toastDismissed(id)}
        aria-label="Dismiss notification"
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/** Top-centre stack of toasts (000 §9). */
export function ToastViewport() {
  const toasts = useToasts();
  return (
    // A region, not a list: each toast is a status or an alert, which a list item cannot be.
    <section className={styles.viewport} aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}
