import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { LoadingDemo } from '@/features/loading-demo/components/loading-demo';

export function LoadingDemoRoute() {
  useEffect(() => {
    document.title = `Loading demo · ${APP_NAME}`;
  }, []);
  return <LoadingDemo />;
}
