import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addressKeys,
  createAddress,
  deleteAddress,
  getAddresses,
  makeDefaultAddress,
  type Address,
  type ShipmentPayload,
} from '@/api/addresses';
import { useSessionUser } from '@/stores/session';

export const addressQueries = {
  list: (userId: string) =>
    queryOptions({
      queryKey: addressKeys.list(userId),
      queryFn: ({ signal }) => getAddresses(userId, signal),
    }),
};

/**
 * The signed-in shopper's saved addresses (docs/http-api.md, "Delivery addresses"). Visitors
 * have none, so nothing is asked for until there is a session (001 §6).
 */
export function useAddresses() {
  const user = useSessionUser();
  const signedIn = user.isLoggedIn && user._id !== '';
  return useQuery({ ...addressQueries.list(user._id), enabled: signedIn });
}

/**
 * Saves an address for the signed-in shopper. The list is refetched before the mutation
 * settles, so whatever shows addresses next (the header, checkout) has the new one.
 */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, payload }: { userId: string; payload: ShipmentPayload }) =>
      createAddress(userId, payload),
    onSuccess: (_address, { userId }) =>
      queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) }),
  });
}

/** Deletes one of the signed-in shopper's addresses; the server picks the next default. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  const { _id: userId } = useSessionUser();
  return useMutation({
    mutationFn: (addressId: string) => deleteAddress(userId, addressId),
    onSuccess: (_nothing, addressId) => {
      queryClient.setQueryData<Address[]>(addressKeys.list(userId), (addresses) =>
        addresses?.filter((address) => address._id !== addressId),
      );
      return queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) });
    },
  });
}

/** Makes one of the signed-in shopper's addresses the default (and the others not). */
export function useMakeDefaultAddress() {
  const queryClient = useQueryClient();
  const { _id: userId } = useSessionUser();
  return useMutation({
    mutationFn: (addressId: string) => makeDefaultAddress(userId, addressId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) }),
  });
}
