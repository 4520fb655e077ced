import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { OrderSuccessScreen } from '@/features/checkout/components/order-success-screen';

/** Order success (/order-success, 001 §2). */
export function OrderSuccessRoute() {
  useEffect(() => {
    document.title = `Order Confirmed · ${APP_NAME}`;
  }, []);
  return <OrderSuccessScreen />;
}
