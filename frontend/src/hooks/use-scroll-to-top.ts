import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * A newly opened screen starts at the top: a push or replace to another pathname scrolls the
 * window up. Back and forward are left to the browser, and a new query on the same screen (a
 * filter, a sort) keeps the place.
 */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPathname = useRef(pathname);

  useEffect(() => {
    if (pathname === shownPathname.current) return;
    shownPathname.current = pathname;
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
