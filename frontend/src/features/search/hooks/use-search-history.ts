import { useCallback, useState } from 'react';
import {
  readSearchHistory,
  withSearch,
  writeSearchHistory,
  type PastSearch,
} from '../utils/search-history';

/** Past searches, remembered in localStorage as they change. */
export function useSearchHistory() {
  const [history, setHistory] = useState<PastSearch[]>(readSearchHistory);
  const searched = useCallback((query: string) => {
    setHistory((current) => {
      const next = withSearch(current, query, Date.now());
      writeSearchHistory(next);
      return next;
    });
  }, []);
  const cleared = useCallback(() => {
    writeSearchHistory([]);
    setHistory([]);
  }, []);
  return { history, searched, cleared };
}
