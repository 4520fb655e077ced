import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { ManageAccountScreen } from '@/features/account/components/manage-account-screen';

/** Manage Account (/manage-account, 001 §2). */
export function ManageAccountRoute() {
  useEffect(() => {
    document.title = `Manage Account · ${APP_NAME}`;
  }, []);
  return <ManageAccountScreen />;
}
