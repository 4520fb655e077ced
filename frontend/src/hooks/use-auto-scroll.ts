import { useEffect, type RefObject } from 'react';

/**
 * Advances a horizontal scroller by one item every `intervalMs`, wrapping to the start at the
 * end (000 §2.5 carousels). Pauses while the shopper touches, hovers or focuses it, while the
 * tab is hidden, and does nothing for people who ask for reduced motion.
 */
export function useAutoScroll(
  ref: RefObject<HTMLElement | null>,
  intervalMs: number,
  enabled = true,
): void {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof element.scrollTo !== 'function') return;
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
      const first = element.firstElementChild;
      const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
      const step = first instanceof HTMLElement ? first.offsetWidth + gap : element.clientWidth;
      const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 2;
      element.scrollTo({ left: atEnd ? 0 : element.scrollLeft + step, behavior: 'smooth' });
    }, intervalMs);

    return () => {
      window.clearInterval(timer);
      for (const [name, handler] of events) element.removeEventListener(name, handler);
    };
  }, [ref, intervalMs, enabled]);
}
