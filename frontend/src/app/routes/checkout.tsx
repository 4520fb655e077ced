import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { CheckoutScreen } from '@/features/checkout/components/checkout-screen';

/** Checkout (/checkout, 001 §2). */
export function CheckoutRoute() {
  useEffect(() => {
    document.title = `Checkout · ${APP_NAME}`;
  }, []);
  return <CheckoutScreen />;
}
