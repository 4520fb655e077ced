import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { ProductsPage } from '@/features/brand-console/components/products-page';

/** Products (brand console), for brand users and admins. */
export function BrandProductsRoute() {
  useEffect(() => {
    document.title = `Products · Brand console · ${APP_NAME}`;
  }, []);
  return <ProductsPage />;
}
