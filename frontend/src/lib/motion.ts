/** Whether the shopper asked their system for reduced motion: no flings, no auto-rotation. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
