import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { APP_NAME } from '@/config/app';
import { homeQueries } from '@/features/home/api/home-queries';
import { HomeScreen } from '@/features/home/components/home-screen';
import { DEFAULT_HOME_GENDER } from '@/features/home/utils/genders';

/** Starts home's first fetches ahead of the screen (during the start-up splash); never waits. */
export function prefetchHome(queryClient: QueryClient): void {
  const gender = DEFAULT_HOME_GENDER.gender;
  void queryClient.prefetchQuery(homeQueries.hero());
  void queryClient.prefetchQuery(homeQueries.categories(gender));
  void queryClient.prefetchQuery(homeQueries.trending(gender));
  void queryClient.prefetchQuery(homeQueries.brands());
}

/** Explore (/home, 000 §2.5). */
export function HomeRoute() {
  useEffect(() => {
    document.title = `Explore · ${APP_NAME}`;
  }, []);
  return <HomeScreen />;
}
