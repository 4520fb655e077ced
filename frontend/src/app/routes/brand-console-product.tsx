import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { ProductEditorPage } from '@/features/brand-console/components/product-editor';

/** Product (brand console), for brand users and admins. */
export function BrandProductRoute() {
  useEffect(() => {
    document.title = `Product · Brand console · ${APP_NAME}`;
  }, []);
  return <ProductEditorPage />;
}
