import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { CouponsPage } from '@/features/brand-console/components/coupons-page';

/** Coupons (brand console), for brand users and admins. */
export function BrandCouponsRoute() {
  useEffect(() => {
    document.title = `Coupons · Brand console · ${APP_NAME}`;
  }, []);
  return <CouponsPage />;
}
