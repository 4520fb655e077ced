import { useId, useState, type FormEvent } from 'react';
import type { BrandOrder } from '@/api/brand';
import { formatInr, parsePaise } from '@/lib/money';
import { formatOrderDateTime, isPaid, orderLineName, orderTitle } from '@/lib/order-display';
import { deliveryMoves, deliveryStatusText, refundLabel, type DeliveryStep } from '@/lib/orders';
import type { OrderLine } from '@/api/orders';
import { BRAND_CONSOLE_TEXTS as TEXTS } from '../utils/brand-console-texts';
import styles from './brand-order-card.module.css';

/** One line of an order: its name, then size, quantity and price. */
export function LineSummary({ line }: { line: OrderLine }) {
  const size = line.size?.trim();
  const meta = [
    size ? TEXTS.size(size) : null,
    TEXTS.quantity(line.quantity),
    formatInr(parsePaise(line.price)),
  ];
  return (
    <>
      <span className={styles.lineName}>{orderLineName(line)}</span>
      <span className={styles.lineMeta}>{meta.filter(Boolean).join(' · ')}</span>
    </>
  );
}

/**
 * The refund as My Orders labels it, once a refund has been asked for: an order whose refund
 * was never started has nothing to say about it.
 */
function refundText(order: BrandOrder): string | null {
  const started =
    order.refundStatus != null && order.refundStatus.trim().toLowerCase() !== 'not_initiated';
  return started ? refundLabel(order.status, order.refundStatus) : null;
}

interface MoveControlProps {
  moves: DeliveryStep[];
  busy: boolean;
  onMove: (deliveryStatus: DeliveryStep) => void;
}

/** Where the order's delivery may go next: the next step first, later ones to skip ahead. */
function MoveControl({ moves, busy, onMove }: MoveControlProps) {
  const selectId = useId();
  const [chosen, setChosen] = useState<DeliveryStep | null>(null);
  // A refreshed order may no longer offer the step chosen before: fall back to its next step.
  const target = chosen !== null && moves.includes(chosen) ? chosen : moves[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target) onMove(target);
  };
  return (
    <form className={styles.move} onSubmit={submit}>
      <label htmlFor={selectId} className={styles.moveLabel}>
        {TEXTS.moveTo}
      </label>
      <select
        id={selectId}
        className={styles.select}
        value={target}
        onChange={(event) => setChosen(event.target.value as DeliveryStep)}
        disabled={busy}
      >
        {moves.map((step) => (
          <option key={step} value={step}>
            {step}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className={styles.primary}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? TEXTS.updating : TEXTS.update}
      </button>
    </form>
  );
}

interface BrandOrderCardProps {
  order: BrandOrder;
  /** An admin sees every brand's orders, so each says whose it is. */
  showBrand: boolean;
  /** A delivery move of this order is in flight. */
  moving: boolean;
  onMove: (deliveryStatus: DeliveryStep) => void;
}

/** One order of the brand: date, customer, lines, payment, delivery, refund, total and its move. */
export function BrandOrderCard({ order, showBrand, moving, onMove }: BrandOrderCardProps) {
  const title = orderTitle(order._id);
  const placed = formatOrderDateTime(order.createdAt);
  const paid = isPaid(order.paymentStatus);
  const refund = refundText(order);
  const moves = order.cancelRequest ? [] : deliveryMoves(order.deliveryStatus, order.status);

  return (
    <article className={styles.card} aria-label={title}>
      <header className={styles.head}>
        <h3 className={styles.id}>{title}</h3>
        {placed && (
          <p className={styles.muted}>
            <time dateTime={order.createdAt}>{placed}</time>
          </p>
        )}
      </header>
      <p className={styles.muted}>
        {[showBrand ? order.brandName : null, order.customerEmail].filter(Boolean).join(' · ')}
      </p>

      <ul className={styles.lines} aria-label={`Items in ${title}`}>
        {order.products.map((line, index) => (
          // Lines have no id of their own; their place in the order is how the server names them.
          <li key={index} className={styles.line}>
            <LineSummary line={line} />
          </li>
        ))}
      </ul>

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{TEXTS.payment}</dt>
          <dd className={paid ? styles.paid : styles.pending}>
            {paid ? TEXTS.paid : order.paymentStatus?.trim() || TEXTS.pending}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{TEXTS.delivery}</dt>
          <dd>{deliveryStatusText(order.deliveryStatus)}</dd>
        </div>
        {refund && (
          <div className={styles.fact}>
            <dt>{TEXTS.refund}</dt>
            <dd className={styles.refund}>{refund}</dd>
          </div>
        )}
        <div className={`${styles.fact} ${styles.totalRow}`}>
          <dt>{TEXTS.total}</dt>
          <dd>{formatInr(parsePaise(order.totalAmount))}</dd>
        </div>
      </dl>

      {order.cancelRequest ? (
        <p className={styles.note}>{TEXTS.decideFirst}</p>
      ) : (
        moves.length > 0 && <MoveControl moves={moves} busy={moving} onMove={onMove} />
      )}
    </article>
  );
}
