import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { SearchScreen } from '@/features/search/components/search-screen';

/** Search (/search, 000 §2.11). */
export function SearchRoute() {
  useEffect(() => {
    document.title = `Search · ${APP_NAME}`;
  }, []);
  return <SearchScreen />;
}
