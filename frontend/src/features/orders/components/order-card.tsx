import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FallbackImage } from '@/components/ui/fallback-image';
import { formatInr, parsePaise } from '@/lib/money';
import {
  formatOrderDate,
  formatOrderDateTime,
  isPaid,
  orderLineName,
  orderTitle,
} from '@/lib/order-display';
import {
  cancelBlockedMessage,
  cancelButton,
  CANCEL_BLOCKED_MESSAGES,
  isNeutralStatus,
  knownDeliveryStatus,
  orderStatus,
  refundLabel,
  statusText,
  type KnownDeliveryStatus,
} from '@/lib/orders';
import type { Order, OrderLine } from '@/api/orders';
import { BoxIcon, CheckIcon, ClockIcon, CrossIcon, TruckIcon } from './order-icons';
import styles from './order-card.module.css';

/** The card's words (001 §2 My Orders); the labels around the values are ours. */
export const ORDER_CARD_TEXTS = {
  noSize: '—',
  removed: 'Product was removed',
  cancel: 'Cancel',
  requested: 'Requested',
  payment: 'Payment',
  paid: 'Paid',
  pending: 'Pending',
  estimatedDelivery: 'Estimated delivery',
  refund: 'Refund',
  total: 'Total',
  help: 'Need help with this order?',
} as const;

/** What the chat is asked first when opened from an order's help (001 §2 Support chat). */
export const orderHelpMessage = (title: string) => `I need help with ${title}.`;

type Tone = 'green' | 'blue' | 'purple' | 'amber' | 'orange' | 'red' | 'grey';

const STATUS_LOOK: Record<KnownDeliveryStatus, { tone: Tone; Icon: ComponentType }> = {
  pending: { tone: 'grey', Icon: ClockIcon },
  Accepted: { tone: 'blue', Icon: BoxIcon },
  Processing: { tone: 'amber', Icon: BoxIcon },
  Shipped: { tone: 'purple', Icon: TruckIcon },
  'Out for Delivery': { tone: 'blue', Icon: TruckIcon },
  Delivered: { tone: 'green', Icon: CheckIcon },
  Cancelled: { tone: 'red', Icon: CrossIcon },
  'Cancellation Requested': { tone: 'orange', Icon: ClockIcon },
};

/** The colour and icon of an order's status line (001 §4; unknown statuses in neutral grey). */
function statusLook(order: Order) {
  if (orderStatus(order.status) === 'cancelled') return STATUS_LOOK.Cancelled;
  const known = knownDeliveryStatus(order.deliveryStatus);
  return known === null || isNeutralStatus(order.deliveryStatus)
    ? STATUS_LOOK.pending
    : STATUS_LOOK[known];
}

interface OrderLineRowProps {
  line: OrderLine;
  deliveryStatus: string;
  onCancel: () => void;
}

function OrderLineRow({ line, deliveryStatus, onCancel }: OrderLineRowProps) {
  const name = orderLineName(line);
  const button = cancelButton(deliveryStatus, line.cancelRequested === true);
  return (
    <li className={styles.line}>
      <FallbackImage src={line.product?.images?.[0]} alt={name} className={styles.image} />
      <div className={styles.lineText}>
        <p className={styles.lineName}>{name}</p>
        <p className={styles.lineMeta}>
          Size: {line.size?.trim() || ORDER_CARD_TEXTS.noSize} · Qty: {line.quantity}
        </p>
        <p className={styles.linePrice}>{formatInr(parsePaise(line.price))}</p>
        {line.product === null && <p className={styles.removed}>{ORDER_CARD_TEXTS.removed}</p>}
      </div>
      <button
        type="button"
        className={styles.cancel}
        disabled={!button.enabled}
        onClick={onCancel}
        aria-label={`${button.label}: ${name}`}
      >
        {button.label}
      </button>
    </li>
  );
}

interface OrderCardProps {
  order: Order;
  /** Opens the cancel dialog for the line at this index. */
  onCancelLine: (productIndex: number) => void;
}

/** One order (001 §2 My Orders): id, date, status, its lines, payment, delivery, refund, total. */
export function OrderCard({ order, onCancelLine }: OrderCardProps) {
  const { tone, Icon } = statusLook(order);
  const placed = formatOrderDateTime(order.createdAt);
  const estimated = formatOrderDate(order.estimatedDelivery);
  const refund = refundLabel(order.status, order.refundStatus);
  const paid = isPaid(order.paymentStatus);
  const title = orderTitle(order._id);
  // The status line already says a cancelled or requested order cannot be cancelled; only a
  // shipped one needs the reason spelt out beside its disabled buttons (001 §5).
  const blocked = cancelBlockedMessage(order.status, order.deliveryStatus);
  const shippedNote = blocked === CANCEL_BLOCKED_MESSAGES.shipped ? blocked : null;

  return (
    <article className={styles.card} aria-label={title}>
      <header className={styles.head}>
        <div>
          <h2 className={styles.id}>{title}</h2>
          {placed && (
            <p className={styles.date}>
              <time dateTime={order.createdAt}>{placed}</time>
            </p>
          )}
        </div>
        <p className={`${styles.status} ${styles[tone]}`}>
          <Icon />
          {statusText(order.status, order.deliveryStatus)}
        </p>
      </header>

      <ul className={styles.lines} aria-label={`Items in ${title}`}>
        {order.products.map((line, index) => (
          <OrderLineRow
            // Lines have no id of their own; their place in the order is how the server names them.
            key={index}
            line={line}
            deliveryStatus={order.deliveryStatus}
            onCancel={() => onCancelLine(index)}
          />
        ))}
      </ul>
      {shippedNote && <p className={styles.blocked}>{shippedNote}</p>}

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{ORDER_CARD_TEXTS.payment}</dt>
          <dd className={paid ? styles.paid : styles.pending}>
            {paid ? ORDER_CARD_TEXTS.paid : order.paymentStatus?.trim() || ORDER_CARD_TEXTS.pending}
          </dd>
        </div>
        {estimated && (
          <div className={styles.fact}>
            <dt>{ORDER_CARD_TEXTS.estimatedDelivery}</dt>
            <dd>{estimated}</dd>
          </div>
        )}
        {refund && (
          <div className={styles.fact}>
            <dt>{ORDER_CARD_TEXTS.refund}</dt>
            <dd className={styles.refund}>{refund}</dd>
          </div>
        )}
        <div className={`${styles.fact} ${styles.totalRow}`}>
          <dt>{ORDER_CARD_TEXTS.total}</dt>
          <dd className={styles.total}>{formatInr(parsePaise(order.totalAmount))}</dd>
        </div>
      </dl>
      <Link
        to={paths.chat.getHref()}
        state={{ autoMessage: orderHelpMessage(title) }}
        className={styles.help}
      >
        {ORDER_CARD_TEXTS.help}
      </Link>
    </article>
  );
}
