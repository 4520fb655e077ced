import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { LocationScreen } from '@/features/location/components/location-screen';

/** Delivery Details (/location, 001 §2). */
export function LocationRoute() {
  useEffect(() => {
    document.title = `Delivery Details · ${APP_NAME}`;
  }, []);
  return <LocationScreen />;
}
