import { ApiError, NETWORK_ERROR_CODE } from '@/api/client';

// Mailed codes: the sign-in sheet's and Manage Account's e-mail change share their rules.

/** 000 §9: once the sixth digit is in, the code step shows 'Verifying...' for 1000 ms. */
export const VERIFY_DELAY_MS = 1000;
/** The server's shortest wait between two codes for one e-mail (docs/http-api.md, Sign-in). */
export const RESEND_INTERVAL_S = 30;

/** The texts of 000 §8 for sending and typing codes. */
export const CODE_TEXTS = {
  network: 'Network error. Please try again.',
  codeNotSent: 'Failed to generate OTP',
} as const;

/** The server's words for a failed call, else `fallback`; a network failure has its own (000 §8). */
export function codeErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === NETWORK_ERROR_CODE) return CODE_TEXTS.network;
  // HTTP_nnn means the answer had no error body (a proxy's page, say): no server words to show.
  return error.code.startsWith('HTTP_') ? fallback : error.error;
}

/** Resolves after `ms`; the verifying state lasts at least this long. */
export const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    window.setTimeout(resolve, ms);
  });
