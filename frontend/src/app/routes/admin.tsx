import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { AdminHome } from '@/features/admin-console/components/admin-console';

/** Admin console (/admin), for admins only. */
export function AdminRoute() {
  useEffect(() => {
    document.title = `Admin console · ${APP_NAME}`;
  }, []);
  return <AdminHome />;
}
