import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { ApplicationsPage } from '@/features/admin-console/components/applications-page';

/** Brand applications (/admin/applications), for admins only. */
export function AdminApplicationsRoute() {
  useEffect(() => {
    document.title = `Brand applications · Admin console · ${APP_NAME}`;
  }, []);
  return <ApplicationsPage />;
}
