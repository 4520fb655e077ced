/**
 * Calls `tick` every `intervalMs` while the shopper leaves `element` alone: not while they
 * touch, hover or focus it, nor while the tab is hidden; never for people who ask for reduced
 * motion. What moves the home carousels and the Trends banner. Returns the stop.
 */
export function everyIntervalWhileIdle(
  element: HTMLElement,
  intervalMs: number,
  tick: () => void,
): () => void {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return () => {};

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
    if (!paused && !document.hidden) tick();
  }, intervalMs);

  return () => {
    window.clearInterval(timer);
    for (const [name, handler] of events) element.removeEventListener(name, handler);
  };
}
