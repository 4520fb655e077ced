import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { PayoutsPage } from '@/features/brand-console/components/payouts-page';

/** Payouts (brand console), for brand users and admins. */
export function BrandPayoutsRoute() {
  useEffect(() => {
    document.title = `Payouts · Brand console · ${APP_NAME}`;
  }, []);
  return <PayoutsPage />;
}
