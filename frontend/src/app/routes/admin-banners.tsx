import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { BannersPage } from '@/features/admin-console/components/banners-page';

/** Banners (/admin/banners), for admins only. */
export function AdminBannersRoute() {
  useEffect(() => {
    document.title = `Banners · Admin console · ${APP_NAME}`;
  }, []);
  return <BannersPage />;
}
