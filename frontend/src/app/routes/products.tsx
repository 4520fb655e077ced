import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { ProductListScreen } from '@/features/products/components/product-list-screen';

/** The product list (/products/{categoryId} and /products, 000 §2.13, 001). */
export function ProductsRoute() {
  useEffect(() => {
    document.title = `Products · ${APP_NAME}`;
  }, []);
  return <ProductListScreen />;
}
