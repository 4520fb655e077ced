import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { AdminPayoutsPage } from '@/features/admin-console/components/payouts-page';

/** Payouts (/admin/payouts), for admins only. */
export function AdminPayoutsRoute() {
  useEffect(() => {
    document.title = `Payouts · Admin console · ${APP_NAME}`;
  }, []);
  return <AdminPayoutsPage />;
}
