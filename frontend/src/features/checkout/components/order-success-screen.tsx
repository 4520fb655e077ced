import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { formatInr, parsePaise } from '@/lib/money';
import { CheckCircleIcon } from '@/components/ui/icons';
import { isOrderSuccessState } from '../utils/checkout-state';
import { SUCCESS_TEXTS } from '../utils/checkout-texts';
import styles from './order-success.module.css';

/**
 * Order success (/order-success, 001 §2): the order checkout just placed, from the navigation
 * state it sends. Without that state (a reload, a typed URL) there is nothing to confirm, so
 * it goes home.
 */
export function OrderSuccessScreen() {
  const state: unknown = useLocation().state;
  if (!isOrderSuccessState(state)) return <Navigate to={paths.root.getHref()} replace />;
  const estimate = state.isQuickDelivery
    ? SUCCESS_TEXTS.expressEstimate(state.deliveryWindow)
    : SUCCESS_TEXTS.standardEstimate;
  return (
    <div className={styles.screen}>
      <CheckCircleIcon size={56} className={styles.icon} aria-hidden="true" />
      <h1 className={styles.title}>{SUCCESS_TEXTS.title}</h1>
      <p className={styles.muted}>{SUCCESS_TEXTS.thanks}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{SUCCESS_TEXTS.orderId}</dt>
          <dd>{state.orderId}</dd>
        </div>
        <div>
          <dt>{SUCCESS_TEXTS.total}</dt>
          <dd>{formatInr(parsePaise(state.total))}</dd>
        </div>
        <div>
          <dt>{SUCCESS_TEXTS.address}</dt>
          <dd>{state.address}</dd>
        </div>
      </dl>
      <ol className={styles.timeline} aria-label="Order timeline">
        {SUCCESS_TEXTS.timeline.map((step, index) => (
          <li key={step} className={index === 0 ? styles.done : undefined}>
            {step}
          </li>
        ))}
      </ol>
      <p className={styles.muted}>{estimate}</p>
      <div className={styles.actions}>
        <Link to={paths.profile.getHref()} className={styles.primary}>
          {SUCCESS_TEXTS.track}
        </Link>
        <Link to={paths.root.getHref()} className={styles.secondary}>
          {SUCCESS_TEXTS.continue}
        </Link>
      </div>
    </div>
  );
}
