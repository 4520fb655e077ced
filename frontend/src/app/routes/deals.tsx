import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { DealsScreen } from '@/features/offers/components/deals-screen';

/** Hot Deals (/deals, 000 §2.10). */
export function DealsRoute() {
  useEffect(() => {
    document.title = `Hot Deals · ${APP_NAME}`;
  }, []);
  return <DealsScreen />;
}
