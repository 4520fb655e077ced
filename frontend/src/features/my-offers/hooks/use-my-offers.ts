import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '@/stores/session';
import { getMyOffers, myOfferKeys } from '../api/my-offers-api';

/** The signed-in shopper's usable coupons; visitors have none, so nothing is asked (001 §6). */
export function useMyOffers() {
  const user = useSessionUser();
  return useQuery({
    queryKey: myOfferKeys.list(user._id),
    queryFn: ({ signal }) => getMyOffers(signal),
    enabled: user.isLoggedIn,
  });
}
