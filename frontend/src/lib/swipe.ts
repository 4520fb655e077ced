// Gesture and feed rules of the swipe card stack and the bag (001 §4, §9). Mirrors the
// `swipe` crate; both are checked against testdata/vectors/swipe.json.

/** A card counts as swiped past this offset (px). */
export const SWIPE_OFFSET_PX = 120;
/** ...or at this speed (px/s). */
export const SWIPE_VELOCITY = 800;
/** ...or past this offset when also moving faster than SWIPE_ASSISTED_VELOCITY. */
export const SWIPE_ASSISTED_OFFSET_PX = 80;
export const SWIPE_ASSISTED_VELOCITY = 400;

/** Dragging a bag item left past this removes it. */
export const BAG_REMOVE_OFFSET_PX = 60;
/** A bag item never drags further left than this. */
export const BAG_DRAG_LIMIT_PX = 80;

/** Cards fetched per batch, cards visible, and the low-water mark that triggers a fetch. */
export const FEED_BATCH_SIZE = 8;
export const FEED_VISIBLE_STACK = 3;
export const FEED_PREFETCH_AT = 3;
/** The next batch is asked for this long after the stack last fell to the low-water mark. */
export const FEED_DEBOUNCE_MS = 500;

/** First-visit tutorial (001 §4): 2 steps of 2 s each, first shown 1 s after the screen opens. */
export const TUTORIAL_STEPS = 2;
export const TUTORIAL_STEP_MS = 2000;
export const TUTORIAL_FIRST_SHOW_MS = 1000;

export type CardOutcome = 'like' | 'dislike' | 'snap_back';

const direction = (value: number): CardOutcome => (value > 0 ? 'like' : 'dislike');

/**
 * What releasing a card at `offset` px (right positive) moving at `velocity` px/s does.
 * Precedence (testdata/vectors/swipe.json): a card past 120 px goes the way it was dragged,
 * whatever its speed; otherwise a fling faster than 800 px/s goes the way it was flung;
 * otherwise more than 80 px with more than 400 px/s the same way commits.
 */
export function cardOutcome(offset: number, velocity: number): CardOutcome {
  if (Math.abs(offset) > SWIPE_OFFSET_PX) return direction(offset);
  if (Math.abs(velocity) > SWIPE_VELOCITY) return direction(velocity);
  if (offset > SWIPE_ASSISTED_OFFSET_PX && velocity > SWIPE_ASSISTED_VELOCITY) return 'like';
  if (offset < -SWIPE_ASSISTED_OFFSET_PX && velocity < -SWIPE_ASSISTED_VELOCITY) return 'dislike';
  return 'snap_back';
}

/** Whether releasing a bag item dragged to `offset` px (left negative) removes it. */
export function bagItemRemoved(offset: number): boolean {
  return offset < -BAG_REMOVE_OFFSET_PX;
}

/** The offset a bag item is drawn at while dragged: never past the limit, never to the right. */
export function clampBagDrag(offset: number): number {
  const clamped = Math.min(0, Math.max(-BAG_DRAG_LIMIT_PX, offset));
  return clamped === 0 ? 0 : clamped; // never -0

}

/** Whether the feed should fetch the next batch with `remaining` cards left in the stack. */
export function shouldPrefetchFeed(remaining: number): boolean {
  return remaining <= FEED_PREFETCH_AT;
}
