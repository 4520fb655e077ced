import { useEffect, useState, type RefObject } from 'react';
import { everyIntervalWhileIdle } from '@/lib/idle-interval';

/**
 * The index of the item a rotating banner shows, moving to the next (and from the last back to
 * the first) every `intervalMs`. Like the home carousels it holds still while the shopper
 * touches, hovers or focuses it (see everyIntervalWhileIdle).
 */
export function useRotation(
  ref: RefObject<HTMLElement | null>,
  count: number,
  intervalMs: number,
): number {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const element = ref.current;
    if (!element || count < 2) return;
    return everyIntervalWhileIdle(element, intervalMs, () =>
      setIndex((current) => (current + 1) % count),
    );
  }, [ref, count, intervalMs]);

  return index;
}
