import { useEffect, type RefObject } from 'react';
import { everyIntervalWhileIdle } from '@/lib/idle-interval';

/**
 * Advances a horizontal scroller by one item every `intervalMs`, wrapping to the start at the
 * end (000 §2.5 carousels). Holds still while the shopper touches, hovers or focuses it (see
 * everyIntervalWhileIdle).
 */
export function useAutoScroll(
  ref: RefObject<HTMLElement | null>,
  intervalMs: number,
  enabled = true,
): void {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof element.scrollTo !== 'function') return;
    return everyIntervalWhileIdle(element, intervalMs, () => {
      const first = element.firstElementChild;
      const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
      const step = first instanceof HTMLElement ? first.offsetWidth + gap : element.clientWidth;
      const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 2;
      element.scrollTo({ left: atEnd ? 0 : element.scrollLeft + step, behavior: 'smooth' });
    });
  }, [ref, intervalMs, enabled]);
}
