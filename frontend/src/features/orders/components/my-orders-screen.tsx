import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/api/client';
import { BagIcon, UserIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { TitleBar } from '@/components/ui/title-bar';
import { useOrders, useRequestCancellation } from '@/hooks/use-orders';
import { orderLineName } from '@/lib/order-display';
import type { Order } from '@/api/orders';
import { useSessionUser } from '@/stores/session';
import { CancelItemDialog } from './cancel-item-dialog';
import { OrderCard } from './order-card';
import layout from '@/components/ui/card-list-screen.module.css';

/** The screen's words (001 §2 My Orders, §8 Orders); the signed-out panel's are ours. */
export const MY_ORDERS_TEXTS = {
  title: 'My Orders',
  loading: 'Loading your orders...',
  emptyTitle: 'No Orders Yet',
  emptyHint: 'Start shopping to see your orders here',
  startShopping: 'Start Shopping',
  loadFailed: 'Failed to fetch orders',
  userNotFound: 'User not found',
  signIn: 'Sign in to view your orders',
  signInButton: 'Sign In',
} as const;

export const orderCountText = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** The line whose cancellation the dialog asks about. */
interface CancelTarget {
  order: Order;
  productIndex: number;
}

function OrderList({ orders }: { orders: Order[] }) {
  const cancellation = useRequestCancellation();
  const [target, setTarget] = useState<CancelTarget | null>(null);
  // Stable: the dialog's Escape listener is registered with it.
  const close = useCallback(() => setTarget(null), []);
  const line = target?.order.products[target.productIndex];

  return (
    <>
      <ul className={layout.list} aria-label="Orders">
        {orders.map((order) => (
          <li key={order._id}>
            <OrderCard
              order={order}
              onCancelLine={(productIndex) => setTarget({ order, productIndex })}
            />
          </li>
        ))}
      </ul>
      {target && line && (
        <CancelItemDialog
          line={line}
          name={orderLineName(line)}
          busy={cancellation.isPending}
          onSubmit={(reason) =>
            cancellation.mutate(
              {
                orderId: target.order._id,
                productId: line.product?._id ?? null,
                productIndex: target.productIndex,
                reason,
              },
              // 001 §4: the dialog closes with the notice, whichever it is.
              { onSettled: close },
            )
          }
          onClose={close}
        />
      )}
    </>
  );
}

function Header({ count, onBack }: { count: string | null; onBack: () => void }) {
  return (
    <div className={layout.top}>
      <TitleBar title={MY_ORDERS_TEXTS.title} onBack={onBack} />
      {count && <p className={layout.subtitle}>{count}</p>}
    </div>
  );
}

function SignedInOrders() {
  const { data: orders, isPending, isError, error, refetch } = useOrders();
  const navigate = useNavigate();
  const count = orders && orders.length > 0 ? orderCountText(orders.length) : null;

  let body;
  if (isPending) {
    body = (
      <div className={layout.loading} role="status">
        <Spinner color="purple" />
        <p>{MY_ORDERS_TEXTS.loading}</p>
      </div>
    );
  } else if (isError) {
    body = (
      <ErrorState
        className={layout.panel}
        // docs/http-api.md: another shopper's id answers 404 'User not found'.
        message={
          error instanceof ApiError && error.status === 404
            ? MY_ORDERS_TEXTS.userNotFound
            : MY_ORDERS_TEXTS.loadFailed
        }
        onRetry={() => void refetch()}
      />
    );
  } else if (orders.length === 0) {
    body = (
      <EmptyState
        className={layout.panel}
        icon={<BagIcon />}
        title={MY_ORDERS_TEXTS.emptyTitle}
        hint={MY_ORDERS_TEXTS.emptyHint}
        action={{ label: MY_ORDERS_TEXTS.startShopping, to: paths.root.getHref() }}
      />
    );
  } else {
    body = <OrderList orders={orders} />;
  }

  return (
    <>
      <Header count={count} onBack={() => void navigate(paths.profile.getHref())} />
      {body}
    </>
  );
}

/**
 * My Orders (/my-orders, 001 §2, §4, §6): the signed-in shopper's orders, newest first, with a
 * cancellation request per line. Back always goes to the profile, where the screen is opened.
 */
export function MyOrdersScreen() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const toProfile = () => void navigate(paths.profile.getHref());

  if (user.isLoggedIn && user._id !== '') {
    return (
      <div className={layout.screen}>
        <SignedInOrders />
      </div>
    );
  }
  return (
    <div className={layout.screen}>
      <Header count={null} onBack={toProfile} />
      {user.isLoggedIn ? (
        // 001 §6: a session without a user id cannot ask for its orders.
        <EmptyState
          className={layout.panel}
          icon={<UserIcon />}
          title={MY_ORDERS_TEXTS.userNotFound}
        />
      ) : (
        <EmptyState
          className={layout.panel}
          icon={<UserIcon />}
          title={MY_ORDERS_TEXTS.signIn}
          action={{ label: MY_ORDERS_TEXTS.signInButton, to: paths.profile.getHref() }}
        />
      )}
    </div>
  );
}
