import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { BrandsPage } from '@/features/admin-console/components/brands-page';

/** Brands (/admin/brands), for admins only. */
export function AdminBrandsRoute() {
  useEffect(() => {
    document.title = `Brands · Admin console · ${APP_NAME}`;
  }, []);
  return <BrandsPage />;
}
