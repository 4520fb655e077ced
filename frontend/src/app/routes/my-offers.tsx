import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { MyOffersScreen } from '@/features/my-offers/components/my-offers-screen';

/** My Offers (/my-offers, the profile's tile, 001 §2). */
export function MyOffersRoute() {
  useEffect(() => {
    document.title = `My Offers · ${APP_NAME}`;
  }, []);
  return <MyOffersScreen />;
}
