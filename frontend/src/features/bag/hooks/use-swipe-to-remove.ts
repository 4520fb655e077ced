import {
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { bagItemRemoved, clampBagDrag } from '@/lib/swipe';

/** A finger that moves less than this is tapping, not dragging. */
const TAP_SLOP_PX = 8;

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  moved: boolean;
}

/**
 * Swipe-left to remove a bag line (001 §2 Bag, §4, §9), with Pointer Events: the line follows
 * the finger leftwards up to 80 px (`clampBagDrag`); released more than 60 px left
 * (`bagItemRemoved`) it calls `onSwipedOut`, otherwise it springs back. A mostly vertical
 * gesture is a scroll and is left alone; a press on a button (the quantity steppers, remove) is
 * that button's. The click ending a drag is swallowed.
 */
export function useSwipeToRemove(onSwipedOut: () => void) {
  const drag = useRef<Drag | null>(null);
  const swallowClick = useRef(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);

  const end = () => {
    drag.current = null;
    setDragging(false);
    setOffset(0);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (drag.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if (event.target instanceof Element && event.target.closest('button')) return;
    swallowClick.current = false;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      moved: false,
    };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.moved) {
      if (Math.hypot(dx, dy) < TAP_SLOP_PX) return;
      if (Math.abs(dy) > Math.abs(dx)) {
        drag.current = null; // a scroll
        return;
      }
      current.moved = true;
      setDragging(true);
      try {
        // Moves and the release keep coming to the line when the finger leaves it.
        event.currentTarget.setPointerCapture?.(event.pointerId);
      } catch {
        // The pointer is gone already: its release will not come here either way.
      }
    }
    setOffset(clampBagDrag(dx));
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    end();
    if (!current.moved) return; // a tap
    swallowClick.current = true;
    if (bagItemRemoved(clampBagDrag(event.clientX - current.startX))) onSwipedOut();
  };

  const onPointerCancel = (event: ReactPointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) end();
  };

  /** The click that ends a drag is no tap on the picture's link. */
  const onClickCapture = (event: ReactMouseEvent<HTMLElement>) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  return {
    /** The live offset while dragging, in px (0 to -80); 0 otherwise. */
    offset,
    dragging,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onClickCapture },
  };
}
