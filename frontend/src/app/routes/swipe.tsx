import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { SwipeScreen, SWIPE_SCREEN_TITLE } from '@/features/swipe/components/swipe-screen';

/** Swipe discovery: the index and /swipe are this one screen (000 §2.1). */
export function SwipeRoute() {
  useEffect(() => {
    document.title = `${SWIPE_SCREEN_TITLE} · ${APP_NAME}`;
  }, []);
  return <SwipeScreen />;
}
