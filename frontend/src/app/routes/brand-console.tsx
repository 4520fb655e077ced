import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { BrandConsoleScreen } from '@/features/brand-console/components/brand-console-screen';

/** The brand console's orders (/brand/orders), for brand users and admins. */
export function BrandConsoleRoute() {
  useEffect(() => {
    document.title = `Brand console · ${APP_NAME}`;
  }, []);
  return <BrandConsoleScreen />;
}
