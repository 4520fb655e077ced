import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { UsersPage } from '@/features/admin-console/components/users-page';

/** Users and roles (/admin/users), for admins only. */
export function AdminUsersRoute() {
  useEffect(() => {
    document.title = `Users and roles · Admin console · ${APP_NAME}`;
  }, []);
  return <UsersPage />;
}
