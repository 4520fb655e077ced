import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/**
 * A screen's back button: history back, or `fallback` when the screen was opened directly and
 * there is nothing of ours to go back to (000 §2.13: "history back or /").
 */
export function useGoBack(fallback: string = paths.root.getHref()): () => void {
  const navigate = useNavigate();
  // react-router gives the first entry of a session the key 'default'.
  const isFirstEntry = useLocation().key === 'default';
  return useCallback(() => {
    if (isFirstEntry) void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [fallback, isFirstEntry, navigate]);
}
