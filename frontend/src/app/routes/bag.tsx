import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { BagScreen } from '@/features/bag/components/bag-screen';

/** Your Bag (/bag, 001 §2). */
export function BagRoute() {
  useEffect(() => {
    document.title = `Your Bag · ${APP_NAME}`;
  }, []);
  return <BagScreen />;
}
