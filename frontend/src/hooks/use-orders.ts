import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CANCEL_NOTICE_MS } from '@/config/app';
import { ApiError } from '@/api/client';
import {
  getOrders,
  orderKeys,
  requestCancellation,
  type CancellationRequest,
  type Order,
} from '@/api/orders';
import { useSessionUser } from '@/stores/session';
import { showToast } from '@/stores/toasts';

/** The cancellation notices (001 §8 Cancellation). */
export const CANCELLATION_TOASTS = {
  submitted:
    "Cancellation request submitted successfully. You will be notified once it's processed.",
  failed: 'Failed to submit cancellation request. Please contact support.',
} as const;

export const orderQueries = {
  list: (userId: string) =>
    queryOptions({
      queryKey: orderKeys.list(userId),
      queryFn: ({ signal }) => getOrders(userId, signal),
    }),
};

/**
 * The signed-in shopper's orders, newest first. Visitors have none, so nothing is asked for
 * until there is a session (001 §6).
 */
export function useOrders() {
  const user = useSessionUser();
  const signedIn = user.isLoggedIn && user._id !== '';
  return useQuery({ ...orderQueries.list(user._id), enabled: signedIn });
}

/** The orders with one line's client-only mark set or taken off. */
function withMark(
  orders: Order[] | undefined,
  { orderId, productIndex }: Pick<CancellationRequest, 'orderId' | 'productIndex'>,
  cancelRequested: boolean,
): Order[] | undefined {
  return orders?.map((order) =>
    order._id !== orderId
      ? order
      : {
          ...order,
          products: order.products.map((line, index) =>
            index === productIndex ? { ...line, cancelRequested } : line,
          ),
        },
  );
}

const notice = (type: 'success' | 'error', message: string) =>
  showToast({ type, message, durationMs: CANCEL_NOTICE_MS });

/**
 * Asks to cancel one line (001 §4): the line reads 'Requested' at once; the server's answer
 * replaces the order (now Cancellation Requested), while a failure takes the mark off again.
 * Either way a 5 s notice says how it went.
 */
export function useRequestCancellation() {
  const queryClient = useQueryClient();
  const { _id: userId } = useSessionUser();
  const key = orderKeys.list(userId);
  return useMutation({
    mutationFn: requestCancellation,
    onMutate: async (request) => {
      // A list read in flight would land without the mark and hide it.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Order[]>(key, (orders) => withMark(orders, request, true));
    },
    onSuccess: (order, request) => {
      queryClient.setQueryData<Order[]>(key, (orders) =>
        withMark(
          orders?.map((old) => (old._id === order._id ? order : old)),
          request,
          true,
        ),
      );
      notice('success', CANCELLATION_TOASTS.submitted);
    },
    onError: (error, request) => {
      queryClient.setQueryData<Order[]>(key, (orders) => withMark(orders, request, false));
      // 422: the order moved on (shipped, say) since the list was read; the server's words say
      // why, and the list is read again to show where it is now.
      if (error instanceof ApiError && error.status === 422) {
        notice('error', error.message);
        void queryClient.invalidateQueries({ queryKey: key });
      } else {
        notice('error', CANCELLATION_TOASTS.failed);
      }
    },
  });
}
