import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { CategoriesPage } from '@/features/admin-console/components/categories-page';

/** Categories (/admin/categories), for admins only. */
export function AdminCategoriesRoute() {
  useEffect(() => {
    document.title = `Categories · Admin console · ${APP_NAME}`;
  }, []);
  return <CategoriesPage />;
}
