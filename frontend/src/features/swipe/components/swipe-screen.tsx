import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { CountBadge } from '@/components/ui/count-badge';
import { FilterIcon, HelpIcon } from '@/components/ui/icons';
import { useIsLoggedIn } from '@/stores/session';
import { useSwipeActions } from '../hooks/use-swipe-actions';
import { useSwipeFeed } from '../hooks/use-swipe-feed';
import { useTutorial } from '../hooks/use-tutorial';
import { activeFilterCount, type SwipeFilters } from '../stores/feed-filters';
import { FilterSheet } from './filter-sheet';
import { SwipeDeck } from './swipe-deck';
import { SwipeTutorial } from './swipe-tutorial';
import styles from './swipe-screen.module.css';

export const SWIPE_SCREEN_TITLE = 'Discover';

// Below the stack, read after it: kept out of the first screen's budget, which pays for the
// cards' buy buttons.
const PolicyTabs = lazy(async () => ({ default: (await import('./policy-tabs')).PolicyTabs }));

/**
 * Swipe discovery (the index and /swipe, 001 §2): the card stack with its filter and tutorial
 * buttons, Like, Skip and Undo, and the return and shipping policies underneath.
 */
export function SwipeScreen() {
  const isLoggedIn = useIsLoggedIn();
  const feed = useSwipeFeed();
  const { swipe, canUndo, undo } = useSwipeActions();
  const screenRef = useRef<HTMLDivElement>(null);
  const tutorial = useTutorial(screenRef);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const closeFilters = useCallback(() => setFiltersOpen(false), []);
  const activeFilters = activeFilterCount(feed.filters);

  const apply = (filters: SwipeFilters) => {
    feed.applyFilters(filters);
    setFiltersOpen(false);
  };

  return (
    <div ref={screenRef} className={styles.screen}>
      <div className={styles.toolbar}>
        <h1 className={styles.title}>{SWIPE_SCREEN_TITLE}</h1>
        <div className={styles.tools}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label="How to swipe"
            onClick={tutorial.open}
          >
            <HelpIcon size={22} />
          </button>
          <button
            type="button"
            className={styles.filters}
            aria-label={activeFilters > 0 ? `Filters ${activeFilters} on` : 'Filters'}
            onClick={() => setFiltersOpen(true)}
          >
            <FilterIcon size={18} />
            {/* The badge's count reads as a word after the visible label, as the name says it. */}
            Filters{' '}
            <CountBadge count={activeFilters} className={styles.badge} />
          </button>
        </div>
      </div>

      <SwipeDeck
        cards={feed.cards}
        state={feed.state}
        isLoggedIn={isLoggedIn}
        onSwipe={swipe}
        canUndo={canUndo}
        onUndo={undo}
        onStartOver={feed.startOver}
        overlay={
          tutorial.step !== null && <SwipeTutorial step={tutorial.step} onClose={tutorial.close} />
        }
      />

      <Suspense fallback={null}>
        <PolicyTabs />
      </Suspense>

      {filtersOpen && (
        <FilterSheet applied={feed.filters} onApply={apply} onClose={closeFilters} />
      )}
    </div>
  );
}
