import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { APP_NAME } from '@/config/app';
import { trendsQueries } from '@/features/trends/api/trends-queries';
import { TrendsScreen } from '@/features/trends/components/trends-screen';
import {
  DEFAULT_TIME_WINDOW,
  DEFAULT_TREND_GENDER,
} from '@/features/trends/utils/trends-options';

/** Starts the first list and the banner's pictures ahead of the screen; never waits. */
export function prefetchTrends(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(trendsQueries.list(DEFAULT_TREND_GENDER, DEFAULT_TIME_WINDOW));
  void queryClient.prefetchQuery(trendsQueries.banners());
}

/** Trends (/trends, 000 §2.7); drawn without the top header (000 §2.2). */
export function TrendsRoute() {
  useEffect(() => {
    document.title = `Trends · ${APP_NAME}`;
  }, []);
  return <TrendsScreen />;
}
