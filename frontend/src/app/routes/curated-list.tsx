import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { CuratedListScreen } from '@/features/curated-list/components/curated-list-screen';

/** My Curated List (/curatedList, 001 §2). */
export function CuratedListRoute() {
  useEffect(() => {
    document.title = `My Curated List · ${APP_NAME}`;
  }, []);
  return <CuratedListScreen />;
}
