import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OptionTabs } from '@/components/ui/option-tabs';
import { EmptyState } from '@/components/ui/state-panel';
import { Spinner } from '@/components/ui/spinner';
import { TrendingIcon } from '@/components/ui/icons';
import { onTrendingUpdated, type TimeWindow, type TrendGender } from '@/api/trending';
import { trendsKeys, trendsQueries } from '../api/trends-queries';
import {
  DEFAULT_TIME_WINDOW,
  DEFAULT_TREND_GENDER,
  TIME_FRAMES,
  TREND_GENDERS,
} from '../utils/trends-options';
import { TrendCard } from './trend-card';
import { TrendsBanner } from './trends-banner';
import { TrendsHeader } from './trends-header';
import { TrendsStats } from './trends-stats';
import styles from './trends-screen.module.css';

export const TRENDS_TEXTS = {
  loading: 'Analyzing trends...',
  empty: 'No trending products found for this period',
  emptyHint: 'Be the first to discover trending styles by swiping more products!',
} as const;

const RESULTS_ID = 'trends-results';

/**
 * Trends (/trends, 000 §2.7): what the community swipes right on, by gender and time frame. A
 * new gender or time frame is a new list, and a 'trendingUpdated' event (a swipe) refetches
 * (§4). A failed call shows the empty state, as every trending failure does (§8).
 */
export function TrendsScreen() {
  const queryClient = useQueryClient();
  const [gender, setGender] = useState<TrendGender>(DEFAULT_TREND_GENDER);
  const [timeWindow, setTimeWindow] = useState<TimeWindow>(DEFAULT_TIME_WINDOW);
  const { data, isPending, isError } = useQuery(trendsQueries.list(gender, timeWindow));
  const entries = isError ? [] : (data ?? []);

  useEffect(
    () =>
      onTrendingUpdated(() => {
        void queryClient.invalidateQueries({ queryKey: trendsKeys.lists() });
      }),
    [queryClient],
  );

  return (
    <div className={styles.screen}>
      <TrendsHeader />
      <div className={styles.genders}>
        <OptionTabs
          label="Shop for"
          options={TREND_GENDERS}
          value={gender}
          onChange={(option) => setGender(option.key)}
          controls={RESULTS_ID}
          variant="segmented"
        />
      </div>
      <TrendsBanner onChoose={setTimeWindow} />
      <div className={styles.timeFrames}>
        <OptionTabs
          label="Time frame"
          options={TIME_FRAMES}
          value={timeWindow}
          onChange={(option) => setTimeWindow(option.key)}
          controls={RESULTS_ID}
          variant="chips"
        />
      </div>

      <div id={RESULTS_ID} className={styles.results}>
        {isPending ? (
          <p className={styles.loading} role="status">
            <Spinner size="lg" color="purple" />
            {TRENDS_TEXTS.loading}
          </p>
        ) : (
          <>
            <TrendsStats entries={entries} timeWindow={timeWindow} />
            {entries.length === 0 ? (
              <EmptyState
                title={TRENDS_TEXTS.empty}
                hint={TRENDS_TEXTS.emptyHint}
                icon={<TrendingIcon />}
              />
            ) : (
              <ol className={styles.grid} aria-label="Trending products">
                {entries.map((entry) => (
                  <li key={entry._id} className={styles.item}>
                    <TrendCard entry={entry} />
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </div>
  );
}
