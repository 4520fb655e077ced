import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { SpecialOffersScreen } from '@/features/offers/components/special-offers-screen';

/** Special Offers (/special-offers, 000 §2.8). */
export function SpecialOffersRoute() {
  useEffect(() => {
    document.title = `Special Offers · ${APP_NAME}`;
  }, []);
  return <SpecialOffersScreen />;
}
