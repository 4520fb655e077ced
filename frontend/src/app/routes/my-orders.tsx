import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { MyOrdersScreen } from '@/features/orders/components/my-orders-screen';

/** My Orders (/my-orders, 001 §2). */
export function MyOrdersRoute() {
  useEffect(() => {
    document.title = `My Orders · ${APP_NAME}`;
  }, []);
  return <MyOrdersScreen />;
}
