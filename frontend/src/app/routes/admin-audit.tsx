import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { AuditPage } from '@/features/admin-console/components/audit-page';

/** Audit log (/admin/audit), for admins only. */
export function AdminAuditRoute() {
  useEffect(() => {
    document.title = `Audit log · Admin console · ${APP_NAME}`;
  }, []);
  return <AuditPage />;
}
