import { ApiError } from '@/api/client';
import type { FieldErrors } from './product-rules';

/** The server's `fields` of a 400 VALIDATION_FAILED, keyed by wire name. */
export function serverFields(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const fields = error.body.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
  );
}

/** The current record of a 409 STALE_EDIT, or null. */
export function staleCurrent<T>(error: unknown): T | null {
  if (error instanceof ApiError && error.code === 'STALE_EDIT' && error.body.current) {
    return error.body.current as T;
  }
  return null;
}

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Try again.';
