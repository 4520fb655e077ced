import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { OffersScreen } from '@/features/offers/components/offers-screen';

/** Offer products (/offers, 000 §2.9). */
export function OffersRoute() {
  useEffect(() => {
    document.title = `Offers · ${APP_NAME}`;
  }, []);
  return <OffersScreen />;
}
