import { useEffect } from 'react';
import { useParams } from 'react-router';
import { APP_NAME } from '@/config/app';
import { isLookId, LOOKS } from '@/config/looks';
import { LookPage } from '@/features/looks/components/look-page';

/** A curated look (/look/{lookId}, 001 §2). */
export function LookRoute() {
  const { lookId } = useParams();
  const title = isLookId(lookId) ? LOOKS[lookId].title : 'Looks';
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  return <LookPage />;
}
