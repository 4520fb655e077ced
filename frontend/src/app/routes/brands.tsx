import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { AllBrands } from '@/features/brands/components/all-brands';

/** All Brands (/brands, 000 §2.13). */
export function BrandsRoute() {
  useEffect(() => {
    document.title = `All Brands · ${APP_NAME}`;
  }, []);
  return <AllBrands />;
}
