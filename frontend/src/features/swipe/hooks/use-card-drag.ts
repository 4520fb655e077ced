import {
  useEffect,
  useRef,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { cardOutcome, SWIPE_OFFSET_PX } from '@/lib/swipe';
import type { SwipeAction } from '../api/swipe-api';

/** Where a card is drawn relative to its resting place, in px (right and down positive). */
export interface CardPosition {
  x: number;
  y: number;
}

export const RESTING: CardPosition = { x: 0, y: 0 };

/** A finger that moves less than this is tapping, not dragging. */
const TAP_SLOP_PX = 8;
/** The release speed is measured over the last 100 ms of movement. */
const VELOCITY_WINDOW_MS = 100;
/** One degree of tilt per this many px across. */
const TILT_PX_PER_DEGREE = 15;
export const SNAP_BACK_MS = 220;

export function cardTransform({ x, y }: CardPosition): string {
  return `translate3d(${x}px, ${y}px, 0) rotate(${x / TILT_PX_PER_DEGREE}deg)`;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Draws the card at `position`. Written straight to the element, not through React state, so a
 * drag costs no render per move. The LIKE and NOPE stamps read --like and --nope (0 to 1): they
 * are fully in when the offset reaches the commit distance.
 */
export function drawCard(element: HTMLElement, position: CardPosition): void {
  element.style.transform = cardTransform(position);
  element.style.setProperty('--like', String(clamp01(position.x / SWIPE_OFFSET_PX)));
  element.style.setProperty('--nope', String(clamp01(-position.x / SWIPE_OFFSET_PX)));
}

interface Sample {
  time: number;
  x: number;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  position: CardPosition;
  samples: Sample[];
  moved: boolean;
}

/** px/s across, from the first to the last sample of the last 100 ms; 0 when held still. */
function releaseVelocity(samples: readonly Sample[], now: number): number {
  const recent = samples.filter((sample) => now - sample.time <= VELOCITY_WINDOW_MS);
  const first = recent[0];
  const last = recent.at(-1);
  if (!first || !last || last.time <= first.time) return 0;
  return ((last.x - first.x) / (last.time - first.time)) * 1000;
}

export interface CardDragOptions {
  /**
   * A drag was released past the thresholds (001 §4). Answers whether the card leaves; when it
   * does not (a visitor), it springs back.
   */
  onRelease: (action: SwipeAction, from: CardPosition) => boolean;
}

/**
 * Dragging the top card with Pointer Events: it follows the finger (drawn once per animation
 * frame), tilting as it goes; on release `cardOutcome` of the offset and the speed decides
 * between a like, a dislike and springing back. A tap without movement stays a click.
 */
export function useCardDrag<T extends HTMLElement>({ onRelease }: CardDragOptions) {
  const ref = useRef<T>(null);
  const drag = useRef<Drag | null>(null);
  const frame = useRef(0);
  const settleTimer = useRef(0);
  const swallowClick = useRef(false);

  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      window.clearTimeout(settleTimer.current);
    },
    [],
  );

  const scheduleDraw = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const element = ref.current;
      const current = drag.current;
      if (element && current) drawCard(element, current.position);
    });
  };

  const stopDrawing = () => {
    cancelAnimationFrame(frame.current);
    frame.current = 0;
  };

  /** Springs back to rest, then hands the card back to its stylesheet. */
  const snapBack = () => {
    const element = ref.current;
    if (!element) return;
    element.style.transition = `transform ${SNAP_BACK_MS}ms var(--ease-out)`;
    drawCard(element, RESTING);
    window.clearTimeout(settleTimer.current);
    settleTimer.current = window.setTimeout(() => {
      element.style.removeProperty('transition');
      element.style.removeProperty('transform');
    }, SNAP_BACK_MS);
  };

  const sample = (current: Drag, clientX: number) => {
    current.samples.push({ time: performance.now(), x: clientX - current.startX });
  };

  const onPointerDown = (event: ReactPointerEvent<T>) => {
    if (drag.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const element = event.currentTarget;
    // Moves and the release keep coming to the card when the finger leaves it.
    element.setPointerCapture?.(event.pointerId);
    window.clearTimeout(settleTimer.current);
    element.style.transition = 'none';
    swallowClick.current = false;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      position: RESTING,
      samples: [],
      moved: false,
    };
  };

  const onPointerMove = (event: ReactPointerEvent<T>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    const position = { x: event.clientX - current.startX, y: event.clientY - current.startY };
    if (!current.moved && Math.hypot(position.x, position.y) < TAP_SLOP_PX) return;
    current.moved = true;
    current.position = position;
    sample(current, event.clientX);
    scheduleDraw();
  };

  const onPointerUp = (event: ReactPointerEvent<T>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    drag.current = null;
    stopDrawing();
    if (!current.moved) {
      event.currentTarget.style.removeProperty('transition');
      return; // a tap: the click that follows opens the product
    }
    swallowClick.current = true;
    sample(current, event.clientX);
    const from = { x: event.clientX - current.startX, y: event.clientY - current.startY };
    const outcome = cardOutcome(from.x, releaseVelocity(current.samples, performance.now()));
    if (outcome === 'snap_back' || !onRelease(outcome, from)) snapBack();
  };

  const onPointerCancel = (event: ReactPointerEvent<T>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    drag.current = null;
    stopDrawing();
    snapBack();
  };

  /** The click that ends a drag is no tap. */
  const onClickCapture = (event: ReactMouseEvent<T>) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  return {
    ref,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onClickCapture },
  };
}
