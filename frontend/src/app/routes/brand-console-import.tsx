import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { ImportPage } from '@/features/brand-console/components/import-page';

/** Import/Export (brand console), for brand users and admins. */
export function BrandImportRoute() {
  useEffect(() => {
    document.title = `Import/Export · Brand console · ${APP_NAME}`;
  }, []);
  return <ImportPage />;
}
