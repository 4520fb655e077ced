import { useEffect, useRef, useState, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/** The open traps, innermost last: only that one answers keys (a dialog over a sheet). */
const openTraps: object[] = [];

/** Wraps Tab and Shift+Tab at the container's edges so focus stays in it. */
function keepFocusInside(container: HTMLElement, event: KeyboardEvent): void {
  const reachable = container.querySelectorAll<HTMLElement>(FOCUSABLE);
  const first = reachable[0];
  const last = reachable[reachable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * What every dialog and sheet of the app does with focus, as a native modal dialog does: on
 * mount focus moves inside (to the container itself unless something inside took it already),
 * Tab and Shift+Tab stay inside, Escape calls `onEscape`, and on unmount focus returns to the
 * control that opened it. Only the innermost open trap answers keys. The container needs
 * `tabIndex={-1}`.
 */
export function useFocusTrap<T extends HTMLElement>(onEscape: () => void): RefObject<T | null> {
  const ref = useRef<T>(null);
  // Read while rendering, before anything inside takes focus, to hand focus back on close.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const container = ref.current;
    const trap = {};
    openTraps.push(trap);
    if (container && !container.contains(document.activeElement)) container.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (openTraps[openTraps.length - 1] !== trap) return;
      if (event.key === 'Escape') escape.current();
      else if (event.key === 'Tab' && container) keepFocusInside(container, event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openTraps.splice(openTraps.indexOf(trap), 1);
      opener?.focus();
    };
  }, [opener]);

  return ref;
}
