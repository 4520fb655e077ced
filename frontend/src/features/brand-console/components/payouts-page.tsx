import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getBrandPayout, istMonth, payoutExportUrl, payoutKeys, MONTH_PATTERN } from '@/api/payouts';
import type { Payout } from '@/api/payouts-types';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { useSessionUser, ROLE } from '@/stores/session';
import { moneyText, placedText, rateText, STATUS_LABELS } from '@/lib/payout-format';
import { PAYOUT_TEXTS } from '../utils/payout-texts';
import { messageOf } from '../utils/errors';
import { BrandConsoleFrame, useBrandParam, useConsoleAllowed } from './console-frame';
import styles from '@/components/console/console.module.css';

/** The month's figures, as cards. */
export function PayoutFigures({ payout }: { payout: Payout }) {
  const carried = moneyText(payout.carriedIn) !== moneyText({ $numberDecimal: '0.00' });
  const owing = moneyText(payout.carriedOut) !== moneyText({ $numberDecimal: '0.00' });
  return (
    <ul className={styles.cards} aria-label={PAYOUT_TEXTS.figures}>
      <li className={styles.card}>
        <span className={styles.muted}>Gross sales</span>
        <span className={styles.cardTitle}>{moneyText(payout.gross)}</span>
      </li>
      <li className={styles.card}>
        <span className={styles.muted}>Refunds</span>
        <span className={styles.cardTitle}>{moneyText(payout.refunds)}</span>
      </li>
      <li className={styles.card}>
        <span className={styles.muted}>Commission ({rateText(payout.commissionRate)})</span>
        <span className={styles.cardTitle}>{moneyText(payout.commission)}</span>
      </li>
      {carried && (
        <li className={styles.card}>
          <span className={styles.muted}>Owed from earlier months</span>
          <span className={styles.cardTitle}>{moneyText(payout.carriedIn)}</span>
        </li>
      )}
      <li className={styles.card}>
        <span className={styles.muted}>Payout</span>
        <span className={styles.cardTitle}>{moneyText(payout.payout)}</span>
        {owing && (
          <span className={styles.muted}>
            {PAYOUT_TEXTS.carriedOut(moneyText(payout.carriedOut))}
          </span>
        )}
      </li>
    </ul>
  );
}

export function StatusBadge({ payout }: { payout: Payout }) {
  return (
    <span className={payout.status === 'paid' ? styles.badgeOn : styles.badge}>
      {STATUS_LABELS[payout.status]}
    </span>
  );
}

function Orders({ payout }: { payout: Payout }) {
  const orders = payout.orders ?? [];
  if (orders.length === 0) {
    return <EmptyState title={PAYOUT_TEXTS.noOrders} hint={PAYOUT_TEXTS.noOrdersHint} />;
  }
  return (
    <div className={styles.tableWrap} role="region" aria-label={PAYOUT_TEXTS.ordersLabel} tabIndex={0}>
      <table className={styles.table} aria-label={PAYOUT_TEXTS.ordersLabel}>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Total</th>
            <th scope="col">Refunded</th>
            <th scope="col">Commission</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId}>
              <th scope="row">{order.orderId}</th>
              <td>{placedText(order.placedAt)}</td>
              <td>{moneyText(order.total)}</td>
              <td>{moneyText(order.refunded)}</td>
              <td>{moneyText(order.commission)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PayoutMonth() {
  const user = useSessionUser();
  const brandId = useBrandParam();
  const [month, setMonth] = useState(() => istMonth());
  const valid = MONTH_PATTERN.test(month);
  const needsBrand = user.isLoggedIn && user.role === ROLE.admin && !brandId;
  const query = useQuery({
    queryKey: payoutKeys.brand({ month, brandId }),
    queryFn: ({ signal }) => getBrandPayout({ month, brandId }, signal),
    enabled: valid && !needsBrand,
    placeholderData: keepPreviousData,
  });
  const payout = query.data;
  return (
    <>
      <div className={styles.toolbar}>
        <label className={styles.field}>
          <span>{PAYOUT_TEXTS.month}</span>
          <input
            type="month"
            aria-label={PAYOUT_TEXTS.month}
            value={month}
            max={istMonth()}
            onChange={(event) => setMonth(event.target.value)}
          />
        </label>
        {payout && valid && !needsBrand && (
          <a className={styles.button} href={payoutExportUrl({ month, brandId })} download>
            {PAYOUT_TEXTS.export}
          </a>
        )}
      </div>
      {needsBrand ? (
        <EmptyState title={PAYOUT_TEXTS.pickBrand} hint={PAYOUT_TEXTS.pickBrandHint} />
      ) : !valid ? (
        <p role="alert" className={styles.alert}>
          {PAYOUT_TEXTS.badMonth}
        </p>
      ) : payout === undefined ? (
        query.error ? (
          <ErrorState message={messageOf(query.error)} onRetry={() => void query.refetch()} />
        ) : (
          <div role="status" className={styles.muted}>
            <Spinner color="purple" /> {PAYOUT_TEXTS.loading}
          </div>
        )
      ) : (
        <section className={styles.panel} aria-labelledby="payout-title">
          <h2 id="payout-title" className={styles.panelTitle}>
            {payout.brandName} · {payout.month} <StatusBadge payout={payout} />
          </h2>
          <p className={styles.muted}>{PAYOUT_TEXTS.statusHint(payout)}</p>
          <PayoutFigures payout={payout} />
          <h3 className={styles.panelTitle}>{PAYOUT_TEXTS.ordersLabel}</h3>
          <Orders payout={payout} />
        </section>
      )}
    </>
  );
}

/** /brand/payouts: the brand's month (figures, status, orders) and its CSV. */
export function PayoutsPage() {
  const allowed = useConsoleAllowed();
  return <BrandConsoleFrame title={PAYOUT_TEXTS.title}>{allowed && <PayoutMonth />}</BrandConsoleFrame>;
}
