import { useEffect } from 'react';
import { Link } from 'react-router';
import { CheckCircleIcon, CloseIcon, InfoIcon } from '@/components/ui/icons';
import { useBrandEvents } from '../hooks/use-brand-events';
import { LIVE_ALERT_MS, useLiveAlerts, type LiveAlert } from '../utils/live-alerts';
import styles from './live-alerts.module.css';

function Alert({ alert }: { alert: LiveAlert }) {
  const dismiss = useLiveAlerts((state) => state.dismiss);
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(alert.id), LIVE_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [alert.id, dismiss]);
  const Icon = alert.tone === 'success' ? CheckCircleIcon : InfoIcon;
  return (
    <div className={`${styles.alert} ${styles[alert.tone]}`} role="status">
      <Icon size={20} />
      <span className={styles.message}>{alert.message}</span>
      <Link className={styles.link} to={alert.link.href} onClick={() => dismiss(alert.id)}>
        {alert.link.label}
      </Link>
      <button type="button" className={styles.close} onClick={() => dismiss(alert.id)} aria-label="Dismiss alert">
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/**
 * Mounted once for every /brand page (the route table keeps it across pages): the live events'
 * stream and the stack of their alerts.
 */
export function BrandLiveEvents() {
  useBrandEvents();
  const alerts = useLiveAlerts((state) => state.alerts);
  return (
    // A region, not a list: each alert is a status, which a list item cannot be.
    <section className={styles.stack} aria-label="Live alerts">
      {alerts.map((alert) => (
        <Alert key={alert.id} alert={alert} />
      ))}
    </section>
  );
}
