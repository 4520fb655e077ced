import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { APP_NAME } from '@/config/app';
import { homeQueries } from '@/features/home/api/home-queries';
import { HomeScreen } from '@/features/home/components/home-screen';
import { DEFAULT_HOME_GENDER } from '@/features/home/utils/genders';

/** Starts home's fetches while the screen's code loads; never blocks navigation. */
export const homeLoader = (queryClient: QueryClient) => () => {
  const gender = DEFAULT_HOME_GENDER.gender;
  void queryClient.prefetchQuery(homeQueries.hero());
  void queryClient.prefetchQuery(homeQueries.categories(gender));
  void queryClient.prefetchQuery(homeQueries.trending(gender));
  void queryClient.prefetchQuery(homeQueries.brands());
  return null;
};

/** Explore (/home, 000 §2.5). */
export function HomeRoute() {
  useEffect(() => {
    document.title = `Explore · ${APP_NAME}`;
  }, []);
  return <HomeScreen />;
}
