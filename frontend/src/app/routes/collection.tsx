import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { CollectionScreen } from '@/features/collection/components/collection-screen';

/** The Collection (/collection, 000 §2.6); drawn without the top header (000 §2.2). */
export function CollectionRoute() {
  useEffect(() => {
    document.title = `Collection · ${APP_NAME}`;
  }, []);
  return <CollectionScreen />;
}
