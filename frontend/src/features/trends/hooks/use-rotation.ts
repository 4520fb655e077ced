import { useEffect, useState, type RefObject } from 'react';

/**
 * The index of the item a rotating banner shows, moving to the next (and from the last back to
 * the first) every `intervalMs`. Like the home carousels it holds still while the shopper
 * touches, hovers or focuses it, while the tab is hidden, and for people who ask for reduced
 * motion.
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
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;

    let paused = false;
    const pause = () => {
      paused = true;
    };
    const resume = () => {
      paused = false;
    };
    const events: [string, () => void][] = [
      ['pointerenter', pause],
      ['pointerleave', resume],
      ['touchstart', pause],
      ['touchend', resume],
      ['focusin', pause],
      ['focusout', resume],
    ];
    for (const [name, handler] of events) element.addEventListener(name, handler, { passive: true });

    const timer = window.setInterval(() => {
      if (paused || document.hidden) return;
      setIndex((current) => (current + 1) % count);
    }, intervalMs);

    return () => {
      window.clearInterval(timer);
      for (const [name, handler] of events) element.removeEventListener(name, handler);
    };
  }, [ref, count, intervalMs]);

  return index;
}
