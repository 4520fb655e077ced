// Past searches (000 §3, §9): localStorage 'searchHistory', a list of {query, timestamp}, most
// recent first, one entry per query, at most 10 kept; the screen shows 5.

import { SEARCH_HISTORY_MAX } from '@/config/app';

export const SEARCH_HISTORY_KEY = 'searchHistory';

export interface PastSearch {
  query: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage can be blocked (private mode, policies): run without it.
  }
}

function isPastSearch(value: unknown): value is PastSearch {
  if (typeof value !== 'object' || value === null) return false;
  const { query, timestamp } = value as { query?: unknown; timestamp?: unknown };
  return typeof query === 'string' && query.trim() !== '' && typeof timestamp === 'number';
}

/** The same words typed in another case or with other spaces are the same search. */
const sameSearch = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('en-IN') === b.trim().toLocaleLowerCase('en-IN');

/** The stored list, newest first; anything unreadable counts as empty. */
export function readSearchHistory(): PastSearch[] {
  const raw = storage()?.getItem(SEARCH_HISTORY_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isPastSearch)
      .sort((a, b) => b.timestamp - a.timestamp)
      .slice(0, SEARCH_HISTORY_MAX);
  } catch {
    return [];
  }
}

/** `query` first (replacing its older entry), then the rest, cut to 10. */
export function withSearch(history: readonly PastSearch[], query: string, timestamp: number) {
  const entry: PastSearch = { query: query.trim(), timestamp };
  return [entry, ...history.filter((past) => !sameSearch(past.query, query))].slice(
    0,
    SEARCH_HISTORY_MAX,
  );
}

export function writeSearchHistory(history: readonly PastSearch[]): void {
  try {
    if (history.length === 0) storage()?.removeItem(SEARCH_HISTORY_KEY);
    else storage()?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // A full or blocked storage only means the list is not remembered.
  }
}
