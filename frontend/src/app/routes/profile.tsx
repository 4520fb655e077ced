import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { ProfileScreen } from '@/features/account/components/profile-screen';

/** Profile (/profile, 001 §2). */
export function ProfileRoute() {
  useEffect(() => {
    document.title = `Profile · ${APP_NAME}`;
  }, []);
  return <ProfileScreen />;
}
