import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** Whether the browser history holds an earlier entry of this app to go back to. */
function hasEarlierEntry(locationKey: string): boolean {
  // The browser router numbers its entries in history.state.idx, which survives a replace.
  const state: unknown = window.history.state;
  const index = (state as { idx?: unknown } | null)?.idx;
  if (typeof index === 'number') return index > 0;
  // Other routers (the memory router of tests) give the first entry the key 'default'.
  return locationKey !== 'default';
}

/**
 * A screen's back button: history back, or `fallback` when the screen was opened directly and
 * there is nothing of ours to go back to (000 §2.13: "history back or /").
 */
export function useGoBack(fallback: string = paths.root.getHref()): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (hasEarlierEntry(key)) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [fallback, key, navigate]);
}
