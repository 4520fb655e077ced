import type { BrandOrder, OpenCancelRequest } from '@/api/brand';
import { formatInr, parsePaise } from '@/lib/money';
import { formatOrderDateTime, orderTitle, UNAVAILABLE_LINE_NAME } from '@/lib/order-display';
import { BRAND_CONSOLE_TEXTS as TEXTS } from '../utils/brand-console-texts';
import { LineSummary } from './brand-order-card';
import styles from './brand-order-card.module.css';

interface CancellationRequestCardProps {
  order: BrandOrder;
  request: OpenCancelRequest;
  /** An admin sees every brand's requests, so each says whose it is. */
  showBrand: boolean;
  /** A decision on this request is in flight. */
  deciding: 'approve' | 'reject' | null;
  /** Asks for confirmation first: approving refunds the shopper. */
  onApprove: () => void;
  onReject: () => void;
}

/** An order whose shopper asked to cancel: the line, why, who, how much, and the decision. */
export function CancellationRequestCard({
  order,
  request,
  showBrand,
  deciding,
  onApprove,
  onReject,
}: CancellationRequestCardProps) {
  const title = orderTitle(order._id);
  const asked = formatOrderDateTime(request.requestedAt);
  const line = order.products[request.productIndex];
  const reason = request.reason?.trim();

  return (
    <article className={`${styles.card} ${styles.request}`} aria-label={title}>
      <header className={styles.head}>
        <h3 className={styles.id}>{title}</h3>
        {asked && (
          <p className={styles.muted}>
            {TEXTS.requested} <time dateTime={request.requestedAt}>{asked}</time>
          </p>
        )}
      </header>

      <div className={styles.asked}>
        <p className={styles.label}>{TEXTS.asked}</p>
        <p className={styles.line}>
          {line ? (
            <LineSummary line={line} />
          ) : (
            <span className={styles.lineName}>{UNAVAILABLE_LINE_NAME}</span>
          )}
        </p>
      </div>

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{TEXTS.reason}</dt>
          <dd className={reason ? undefined : styles.noReason}>{reason || TEXTS.noReason}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{TEXTS.customer}</dt>
          <dd className={styles.email}>{order.customerEmail}</dd>
        </div>
        {showBrand && (
          <div className={styles.fact}>
            <dt>{TEXTS.brand}</dt>
            <dd>{order.brandName}</dd>
          </div>
        )}
        <div className={`${styles.fact} ${styles.totalRow}`}>
          <dt>{TEXTS.orderTotal}</dt>
          <dd>{formatInr(parsePaise(order.totalAmount))}</dd>
        </div>
      </dl>

      <div className={styles.decision}>
        <button
          type="button"
          className={styles.secondary}
          onClick={onReject}
          disabled={deciding !== null}
          aria-busy={deciding === 'reject' || undefined}
        >
          {deciding === 'reject' ? TEXTS.rejecting : TEXTS.reject}
        </button>
        <button
          type="button"
          className={styles.danger}
          onClick={onApprove}
          disabled={deciding !== null}
        >
          {TEXTS.approve}
        </button>
      </div>
    </article>
  );
}
