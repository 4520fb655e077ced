import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { OpenYourBrandScreen } from '@/features/brand-applications/components/open-your-brand-screen';

/** Open your brand on Casa (/open-your-brand, ours): a shopper's brand application. */
export function OpenYourBrandRoute() {
  useEffect(() => {
    document.title = `Open your brand · ${APP_NAME}`;
  }, []);
  return <OpenYourBrandScreen />;
}
