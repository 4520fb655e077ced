import type { AuditValue } from '@/api/admin-types';

export interface Change {
  key: string;
  /** The readable value before; null when the key was not there. */
  before: string | null;
  after: string | null;
}

/** A value as one line of text: strings as they are, everything else as JSON. */
export function readable(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

/**
 * The keys that differ between a record before and after a write, in the order they first
 * appear: every key of a created record (before null) or of a removed one (after null).
 */
export function changesOf(before: AuditValue, after: AuditValue): Change[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.flatMap((key) => {
    const had = before !== null && key in before;
    const has = after !== null && key in after;
    const was = had ? readable(before[key]) : null;
    const now = has ? readable(after[key]) : null;
    return was === now ? [] : [{ key, before: was, after: now }];
  });
}
