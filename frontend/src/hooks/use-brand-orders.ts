import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import {
  brandOrderKeys,
  decideCancellation,
  getBrandOrders,
  moveDelivery,
  type BrandOrder,
  type CancellationDecision,
} from '@/api/brand';
import { orderTitle } from '@/lib/order-display';
import { deliveryStatusText, type DeliveryStep } from '@/lib/orders';
import { isBrandTeam, useSessionUser } from '@/stores/session';
import { showToast } from '@/stores/toasts';

/** What the brand's team is told after each action (ours). */
export const BRAND_ORDER_TOASTS = {
  moved: (order: BrandOrder) =>
    `${orderTitle(order._id)} is now ${deliveryStatusText(order.deliveryStatus)}.`,
  approved: (order: BrandOrder) =>
    `Cancellation approved. ${orderTitle(order._id)} is cancelled and its refund has started.`,
  rejected: (order: BrandOrder) =>
    `Cancellation rejected. ${orderTitle(order._id)} is back to ` +
    `${deliveryStatusText(order.deliveryStatus)}.`,
  failed: 'Could not update the order. Please check your connection and try again.',
} as const;

/**
 * The brand's orders, newest first, for brand users and admins. Nobody else may read them (the
 * server answers 403), so nothing is asked for anyone else.
 */
export function useBrandOrders() {
  const user = useSessionUser();
  return useQuery({
    queryKey: brandOrderKeys.list(user._id),
    queryFn: ({ signal }) => getBrandOrders(signal),
    enabled: user.isLoggedIn && isBrandTeam(user.role),
  });
}

/**
 * A refusal in the server's own words (an order moved on by a colleague: 'An order cannot go
 * back from Shipped to Processing.'); anything else, a network failure, in ours.
 */
function refused(error: Error) {
  const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
  showToast({ type: 'error', message: known ? error.message : BRAND_ORDER_TOASTS.failed });
}

/**
 * The brand console's actions. Each reads the list again once the server has answered, whether
 * it agreed or not: a refusal usually means the list is out of date.
 */
function useBrandOrderAction<Variables>(
  action: (variables: Variables) => Promise<BrandOrder>,
  done: (order: BrandOrder, variables: Variables) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (order, variables) => {
      showToast({ type: 'success', message: done(order, variables) });
    },
    onError: refused,
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandOrderKeys.all }),
  });
}

/** Moves an order's delivery status forward. */
export function useMoveDelivery() {
  return useBrandOrderAction(
    ({ orderId, deliveryStatus }: { orderId: string; deliveryStatus: DeliveryStep }) =>
      moveDelivery(orderId, deliveryStatus),
    BRAND_ORDER_TOASTS.moved,
  );
}

/** Approves (cancel and refund) or rejects an order's open cancellation request. */
export function useDecideCancellation() {
  return useBrandOrderAction(
    ({ orderId, decision }: { orderId: string; decision: CancellationDecision }) =>
      decideCancellation(orderId, decision),
    (order, { decision }) =>
      decision === 'approve'
        ? BRAND_ORDER_TOASTS.approved(order)
        : BRAND_ORDER_TOASTS.rejected(order),
  );
}
