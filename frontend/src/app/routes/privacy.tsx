import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { PrivacyPage } from '@/features/privacy/components/privacy-page';

/** Privacy (/privacy, 001 §2). */
export function PrivacyRoute() {
  useEffect(() => {
    document.title = `Privacy Policy · ${APP_NAME}`;
  }, []);
  return <PrivacyPage />;
}
