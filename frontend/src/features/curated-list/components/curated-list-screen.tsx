import { useId } from 'react';
import { paths } from '@/config/paths';
import { defaultSizeOf } from '@/api/bag';
import { HeartIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { TitleBar } from '@/components/ui/title-bar';
import {
  useCuratedList,
  useCuratedListChange,
  useCuratedListChangesInFlight,
} from '@/hooks/use-curated-list';
import { useAddToBag } from '@/hooks/use-bag';
import { useGoBack } from '@/hooks/use-go-back';
import { useIsLoggedIn } from '@/stores/session';
import { CuratedListCard, CuratedListCardSkeleton } from './curated-list-card';
import styles from './curated-list-screen.module.css';

/** The screen's words (001 §2 'Curated list'); the load failure's is ours (the spec has none). */
export const CURATED_LIST_TEXTS = {
  title: 'My Curated List',
  signIn: 'Sign in to view your curated list',
  signInButton: 'Sign In',
  emptyTitle: 'Your curated list is empty',
  emptyHint: 'Start adding products you love by tapping the heart icon',
  discover: 'Discover Products',
  loading: 'Loading your curated list...',
  loadFailed: 'We could not load your curated list. Please check your connection and try again.',
} as const;

const SKELETON_CARDS = 4;

function SavedProducts({ titleId }: { titleId: string }) {
  const { data: entries, isPending, isError, refetch } = useCuratedList();
  const removing = useCuratedListChangesInFlight();
  // 001 §8: a failed removal is only logged; the card stays, so the list still tells the truth.
  const change = useCuratedListChange({
    onError: (error, { productId }) =>
      console.error(`Removing ${productId} from the curated list failed.`, error),
  });
  const bag = useAddToBag();

  if (isError) {
    return (
      <ErrorState
        className={styles.panel}
        message={CURATED_LIST_TEXTS.loadFailed}
        onRetry={() => void refetch()}
      />
    );
  }
  if (!isPending && entries.length === 0) {
    return (
      <EmptyState
        className={styles.panel}
        icon={<HeartIcon />}
        title={CURATED_LIST_TEXTS.emptyTitle}
        hint={CURATED_LIST_TEXTS.emptyHint}
        action={{ label: CURATED_LIST_TEXTS.discover, to: paths.swipe.getHref() }}
      />
    );
  }
  return (
    <>
      {isPending && (
        <p className="visually-hidden" role="status">
          {CURATED_LIST_TEXTS.loading}
        </p>
      )}
      <ul className={styles.grid} aria-labelledby={titleId} aria-busy={isPending || undefined}>
        {isPending
          ? Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <li key={index} className={styles.item}>
                <CuratedListCardSkeleton />
              </li>
            ))
          : entries.map((entry) => (
              <li key={entry._id} className={styles.item}>
                <CuratedListCard
                  entry={entry}
                  removing={removing.has(entry._id)}
                  onRemove={() => change.mutate({ productId: entry._id, remove: true })}
                  adding={bag.isAdding(entry._id)}
                  // 001 §2: quantity 1, size M (the first size for a product without M).
                  onAddToCart={() =>
                    bag.add({ productId: entry._id, size: defaultSizeOf(entry.sizes) })
                  }
                />
              </li>
            ))}
      </ul>
    </>
  );
}

/** My Curated List (/curatedList, 001 §2, §6): the signed-in shopper's saved products. */
export function CuratedListScreen() {
  const isLoggedIn = useIsLoggedIn();
  const goBack = useGoBack();
  const titleId = useId();
  return (
    <div className={styles.screen}>
      <TitleBar title={CURATED_LIST_TEXTS.title} onBack={goBack} titleId={titleId} />
      {isLoggedIn ? (
        <SavedProducts titleId={titleId} />
      ) : (
        <EmptyState
          className={styles.panel}
          icon={<HeartIcon />}
          title={CURATED_LIST_TEXTS.signIn}
          action={{ label: CURATED_LIST_TEXTS.signInButton, to: paths.profile.getHref() }}
        />
      )}
    </div>
  );
}
