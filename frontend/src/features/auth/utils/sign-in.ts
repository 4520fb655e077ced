import { ApiError, NETWORK_ERROR_CODE } from '@/lib/api';

/** 000 §9: once the sixth digit is in, the sheet shows 'Verifying...' for 1000 ms. */
export const VERIFY_DELAY_MS = 1000;
/** The server's shortest wait between two codes for one e-mail (docs/http-api.md, Sign-in). */
export const RESEND_INTERVAL_S = 30;

/** The sheet's texts of 000 §8 that lib/validation does not hold. */
export const SIGN_IN_TEXTS = {
  network: 'Network error. Please try again.',
  codeNotSent: 'Failed to generate OTP',
  geolocationUnsupported: 'Geolocation is not supported by your browser',
  geolocationFailed: 'Unable to fetch your location. Please enter manually.',
} as const;

/** Codes of a code that can never work again: a new one must be asked for. */
const CODE_GONE = new Set(['OTP_EXPIRED', 'OTP_BURNT']);

/** The server's words for a failed call, else `fallback`; a network failure has its own (000 §8). */
export function signInErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === NETWORK_ERROR_CODE) return SIGN_IN_TEXTS.network;
  // HTTP_nnn means the answer had no error body (a proxy's page, say): no server words to show.
  return error.code.startsWith('HTTP_') ? fallback : error.error;
}

export const isCodeGone = (error: unknown): boolean =>
  error instanceof ApiError && CODE_GONE.has(error.code);

/** The location typed was refused by the server (a rule or the session): the shopper must act. */
export const isRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** 000 §8: when the reverse lookup fails the location is the raw 'lat, lon' text, 4 decimals. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
}

/** Resolves after `ms`; the verifying state lasts at least this long. */
export const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    window.setTimeout(resolve, ms);
  });
