import { useCallback, useId, useState, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { ApiError } from '@/api/client';
import type { BrandOrder, BrandOrders } from '@/api/brand';
import { formatInr, parsePaise } from '@/lib/money';
import { orderTitle } from '@/lib/order-display';
import { BagIcon, InfoIcon } from '@/components/ui/icons';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { useBrandOrders, useDecideCancellation, useMoveDelivery } from '@/hooks/use-brand-orders';
import { BRAND_CONSOLE_TEXTS as TEXTS } from '../utils/brand-console-texts';
import { BrandOrderCard } from './brand-order-card';
import { BrandConsoleFrame, useConsoleAllowed } from './console-frame';
import { CancellationRequestCard } from './cancellation-request-card';
import layout from '@/components/ui/card-list-screen.module.css';
import styles from './brand-console-screen.module.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The open requests first, each to approve (after confirming) or reject; then every order. */
function Console({ brand, orders }: BrandOrders) {
  const decide = useDecideCancellation();
  const move = useMoveDelivery();
  const [approving, setApproving] = useState<BrandOrder | null>(null);
  // Stable: the dialog's Escape listener is registered with it.
  const closeDialog = useCallback(() => setApproving(null), []);
  const showBrand = brand === null;
  const requests = orders.flatMap((order) =>
    order.cancelRequest ? [{ order, request: order.cancelRequest }] : [],
  );
  const decidingOn = (orderId: string) =>
    decide.isPending && decide.variables.orderId === orderId ? decide.variables.decision : null;

  return (
    <>
      <Section title={TEXTS.requests}>
        {requests.length === 0 ? (
          <p className={styles.none}>{TEXTS.noRequests}</p>
        ) : (
          <ul className={layout.list}>
            {requests.map(({ order, request }) => (
              <li key={order._id}>
                <CancellationRequestCard
                  order={order}
                  request={request}
                  showBrand={showBrand}
                  deciding={decidingOn(order._id)}
                  onApprove={() => setApproving(order)}
                  onReject={() => decide.mutate({ orderId: order._id, decision: 'reject' })}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={TEXTS.orders}>
        <ul className={layout.list}>
          {orders.map((order) => (
            <li key={order._id}>
              <BrandOrderCard
                order={order}
                showBrand={showBrand}
                moving={move.isPending && move.variables.orderId === order._id}
                onMove={(deliveryStatus) => move.mutate({ orderId: order._id, deliveryStatus })}
              />
            </li>
          ))}
        </ul>
      </Section>

      {approving && (
        <ConfirmDialog
          title={TEXTS.confirmTitle}
          message={TEXTS.confirmMessage(
            orderTitle(approving._id),
            formatInr(parsePaise(approving.totalAmount)),
          )}
          confirmLabel={TEXTS.approve}
          busyLabel={TEXTS.approving}
          cancelLabel={TEXTS.keep}
          busy={decide.isPending}
          destructive
          // The toast says how it went; the dialog closes either way.
          onConfirm={() =>
            decide.mutate(
              { orderId: approving._id, decision: 'approve' },
              { onSettled: closeDialog },
            )
          }
          onCancel={closeDialog}
        />
      )}
    </>
  );
}

/** A brand user's or an admin's console: loading, refused, failed, empty or the orders. */
function TeamConsole() {
  const { data, isPending, isError, error, refetch } = useBrandOrders();

  let title: string = TEXTS.title;
  let body;
  if (isPending) {
    body = (
      <div className={layout.loading} role="status">
        <Spinner color="purple" />
        <p>{TEXTS.loading}</p>
      </div>
    );
  } else if (isError && error instanceof ApiError && error.status === 403) {
    // The server decides who may manage orders: its reason ('Your account is not linked to a
    // brand.') says more than the stored role does.
    body = (
      <EmptyState
        className={layout.panel}
        icon={<InfoIcon />}
        title={TEXTS.teamsOnly}
        hint={error.message}
        action={{ label: TEXTS.backToProfile, to: paths.profile.getHref() }}
      />
    );
  } else if (isError) {
    body = (
      <ErrorState
        className={layout.panel}
        message={TEXTS.loadFailed}
        onRetry={() => void refetch()}
      />
    );
  } else {
    title = data.brand?.name ?? TEXTS.allBrands;
    body =
      data.orders.length === 0 ? (
        <EmptyState
          className={layout.panel}
          icon={<BagIcon />}
          title={TEXTS.emptyTitle}
          hint={TEXTS.emptyHint}
        />
      ) : (
        <Console brand={data.brand} orders={data.orders} />
      );
  }

  return <BrandConsoleFrame title={title}>{body}</BrandConsoleFrame>;
}

/**
 * The brand console (/brand): a brand's orders for its team, every brand's for an admin, with
 * the shoppers' cancellation requests to decide and each order's delivery to move along. A
 * visitor is asked to sign in; a shopper is told the console is not theirs, and nothing is read.
 */
export function BrandConsoleScreen() {
  const allowed = useConsoleAllowed();
  return allowed ? <TeamConsole /> : <BrandConsoleFrame title={TEXTS.title}>{null}</BrandConsoleFrame>;
}
