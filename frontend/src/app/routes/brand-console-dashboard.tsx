import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { DashboardPage } from '@/features/brand-console/components/dashboard-page';

/** /brand: the brand's dashboard, for brand users and admins. */
export function BrandDashboardRoute() {
  useEffect(() => {
    document.title = `Dashboard · Brand console · ${APP_NAME}`;
  }, []);
  return <DashboardPage />;
}
