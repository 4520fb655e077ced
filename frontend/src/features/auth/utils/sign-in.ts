import { ApiError } from '@/api/client';
import { CODE_TEXTS } from '@/lib/codes';

/** The sheet's texts of 000 §8 that lib/validation does not hold. */
export const SIGN_IN_TEXTS = {
  ...CODE_TEXTS,
  geolocationUnsupported: 'Geolocation is not supported by your browser',
  geolocationFailed: 'Unable to fetch your location. Please enter manually.',
} as const;

/** The location typed was refused by the server (a rule or the session): the shopper must act. */
export const isRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** 000 §8: when the reverse lookup fails the location is the raw 'lat, lon' text, 4 decimals. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
}
