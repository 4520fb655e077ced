import {
  lazy,
  Suspense,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_LOADING_TEXT } from '@/config/app';
import { paths } from '@/config/paths';
import type { Product } from '@/lib/product';
import { FEED_VISIBLE_STACK } from '@/lib/swipe';
import { CloseIcon, HeartIcon, SparklesIcon, UndoIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import type { SwipeAction } from '../api/swipe-api';
import { drawCard, RESTING, useCardDrag, type CardPosition } from '../hooks/use-card-drag';
import type { FeedState } from '../hooks/use-swipe-feed';
import { CardFace } from './card-face';
import styles from './swipe-deck.module.css';

/** 001 §2: what the stack says when the list ends. */
export const END_TITLE = "You've discovered everything!";
export const START_OVER_LABEL = 'Start Over';
/** Signed-in shoppers' swipes stay out of their feed, so Start Over may find nothing new. */
export const END_HINT_SIGNED_IN =
  "Products you've swiped stay out of your stack. Start Over clears your filters and looks again.";
export const END_HINT_VISITOR = 'Start Over to go through them again.';

// The top card's buy buttons load after the stack: they stay out of the first screen's budget.
const CardBuyBar = lazy(async () => ({ default: (await import('./card-buy-bar')).CardBuyBar }));

/** How long a released card takes to fly off the screen. */
const FLY_OUT_MS = 320;

interface Flight {
  key: number;
  product: Product;
  action: SwipeAction;
  from: CardPosition;
}

export interface SwipeDeckProps {
  /** The stack, top card first. */
  cards: readonly Product[];
  state: FeedState;
  isLoggedIn: boolean;
  /** Answers whether the card leaves (false for a visitor: it stays). */
  onSwipe: (product: Product, action: SwipeAction) => boolean;
  canUndo: boolean;
  onUndo: () => void;
  onStartOver: () => void;
  /** Drawn over the stack (the tutorial). */
  overlay?: ReactNode;
}

/**
 * The card stack (001 §2, §4): three cards, the top one draggable; Like and Skip buttons do
 * what a swipe does; Undo restores the last swiped card. A card that leaves flies off as a
 * copy, so the next card is on top at once.
 */
export function SwipeDeck({
  cards,
  state,
  isLoggedIn,
  onSwipe,
  canUndo,
  onUndo,
  onStartOver,
  overlay,
}: SwipeDeckProps) {
  const [flights, setFlights] = useState<Flight[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const nextFlight = useRef(1);
  const top = cards[0];

  const swipeTop = (action: SwipeAction, from: CardPosition = RESTING): boolean => {
    if (!top || !onSwipe(top, action)) return false;
    setAnnouncement(cards[1] ? `Next: ${cards[1].name}` : END_TITLE);
    // Reduced motion: the card is simply gone, with no fling.
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return true;
    const key = nextFlight.current++;
    setFlights((current) => [...current, { key, product: top, action, from }]);
    return true;
  };
  // 001 §2: right is like, left is skip; the arrows do the same on the focused stack.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const action =
      event.key === 'ArrowRight' ? 'like' : event.key === 'ArrowLeft' ? 'dislike' : null;
    if (!action || !top) return;
    event.preventDefault();
    swipeTop(action);
  };
  const landed = useCallback(
    (key: number) => setFlights((current) => current.filter((flight) => flight.key !== key)),
    [],
  );

  let stack;
  if (state.kind === 'cards') {
    stack = cards
      .slice(0, FEED_VISIBLE_STACK)
      .map((product, depth) => (
        <StackCard key={product._id} product={product} depth={depth} onRelease={swipeTop} />
      ));
  } else if (state.kind === 'loading') {
    stack = (
      <div className={styles.panel}>
        <Spinner color="purple" label={DEFAULT_LOADING_TEXT} />
      </div>
    );
  } else if (state.kind === 'error') {
    stack = <ErrorState className={styles.panel} message={state.message} onRetry={state.retry} />;
  } else {
    stack = (
      <EmptyState
        className={styles.panel}
        icon={<SparklesIcon />}
        title={END_TITLE}
        hint={isLoggedIn ? END_HINT_SIGNED_IN : END_HINT_VISITOR}
        action={{ label: START_OVER_LABEL, onClick: onStartOver }}
      />
    );
  }

  return (
    <div className={styles.deck}>
      <section
        className={styles.stack}
        aria-label="Product cards"
        aria-keyshortcuts="ArrowLeft ArrowRight"
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        {stack}
        {flights.map((flight) => (
          <FlyingCard key={flight.key} flight={flight} onLanded={landed} />
        ))}
        {overlay}
      </section>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${styles.action} ${styles.skip}`}
          aria-label="Skip"
          disabled={!top}
          onClick={() => swipeTop('dislike')}
        >
          <CloseIcon size={30} strokeWidth={2.4} />
        </button>
        <button
          type="button"
          className={`${styles.action} ${styles.small}`}
          aria-label="Undo last swipe"
          disabled={!canUndo}
          onClick={onUndo}
        >
          <UndoIcon size={22} />
        </button>
        <button
          type="button"
          className={`${styles.action} ${styles.likeButton}`}
          aria-label="Like"
          disabled={!top}
          onClick={() => swipeTop('like')}
        >
          <HeartIcon size={30} filled />
        </button>
      </div>
    </div>
  );
}

interface StackCardProps {
  product: Product;
  /** 0 is the top card; the two below sit smaller and lower. */
  depth: number;
  onRelease: (action: SwipeAction, from: CardPosition) => boolean;
}

/**
 * One card of the stack. Only the top one takes the finger and taps; the ones below are
 * pictures of what comes next, hidden from assistive technology.
 */
function StackCard({ product, depth, onRelease }: StackCardProps) {
  const navigate = useNavigate();
  const nameId = useId();
  const { ref, handlers } = useCardDrag<HTMLElement>({ onRelease });
  const isTop = depth === 0;
  return (
    <article
      ref={ref}
      className={`${styles.card} ${styles[`depth${depth}`]}`}
      aria-labelledby={nameId}
      aria-hidden={isTop ? undefined : true}
      inert={!isTop}
      {...(isTop ? handlers : {})}
      onClick={
        isTop
          ? (event) => {
              // The name's link has navigated already when it was the one tapped.
              if (!event.defaultPrevented) void navigate(paths.product.getHref(product._id));
            }
          : undefined
      }
    >
      <CardFace
        product={product}
        nameId={nameId}
        actions={
          isTop && (
            <Suspense fallback={null}>
              <CardBuyBar product={product} />
            </Suspense>
          )
        }
      />
    </article>
  );
}

/** How far off-screen a card flies: past the window's edge whatever the device. */
const flightDistance = () => Math.max(window.innerWidth, 400) * 1.2;

/** A copy of a card that left, flying off from where it was let go, then gone. */
function FlyingCard({ flight, onLanded }: { flight: Flight; onLanded: (key: number) => void }) {
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.transition = 'none';
    drawCard(element, flight.from);
    // Reading the layout commits the start, so the change below is animated from it.
    element.getBoundingClientRect();
    element.style.transition = `transform ${FLY_OUT_MS}ms ease-in`;
    const direction = flight.action === 'like' ? 1 : -1;
    drawCard(element, { x: direction * flightDistance(), y: flight.from.y + 80 });
    const timer = window.setTimeout(() => onLanded(flight.key), FLY_OUT_MS);
    return () => window.clearTimeout(timer);
  }, [flight, onLanded]);

  return (
    <div ref={ref} className={`${styles.card} ${styles.flying}`} aria-hidden="true" inert>
      <CardFace product={flight.product} />
    </div>
  );
}
