import { ApiError } from '@/api/client';

/** What a failed admin call says when the server gave no words of its own (ours). */
export const ADMIN_FAILED = 'Something went wrong. Please check your connection and try again.';

/** The server's per-field messages of a 400 VALIDATION_FAILED, keyed by wire name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = error.body.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields as Record<string, unknown>)) {
    if (typeof message === 'string') out[name] = message;
    else if (Array.isArray(message) && typeof message[0] === 'string') out[name] = message[0];
  }
  return out;
}

export const isCode = (error: unknown, code: string): error is ApiError =>
  error instanceof ApiError && error.code === code;

/** Someone else saved the record since it was read: 409 STALE_EDIT with `current`. */
export const isStale = (error: unknown): error is ApiError => isCode(error, 'STALE_EDIT');

/** The message to show for a failed call: the server's for a refusal, ours for anything else. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return ADMIN_FAILED;
}
