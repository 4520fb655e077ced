import { ApiError } from '@/api/client';

/** The wizard's words: the specification's (001 §2, §8) and, where it gives none, ours. */
export const LOCATION_TEXTS = {
  title: 'Delivery Details',
  skipSearch: 'Next: Address Fields',
  save: 'Save & Continue',
  saving: 'Saving...',
  saveFailed: 'Could not save address. Please try again.',
  signInToSave: 'Please log in to save your address.',
  // 001 §8 names the browser maps script's failures; the server answers the search here, so
  // its words are shown and, as the specification's step 1 does, that typing the address by
  // hand still works.
  searchUnavailable: 'Address search is unavailable.',
  typeManually: 'You can still type your address manually.',
  noMatches: 'No matching places. Type your address and continue.',
} as const;

/** The address service failed on the server (docs/http-api.md, Places). */
export const PLACES_UNAVAILABLE_CODE = 'PLACES_UNAVAILABLE';

/**
 * The message shown when the address search fails. PLACES_UNAVAILABLE's own words already say
 * that typing by hand works ('Address search is unavailable. You can type your address
 * manually.'); any other failure (the network, a place gone) gets that said after it.
 */
export function searchFailureText(error: Error): string {
  if (error instanceof ApiError && error.code === PLACES_UNAVAILABLE_CODE) return error.error;
  const reason = error instanceof ApiError ? error.error : LOCATION_TEXTS.searchUnavailable;
  return `${reason} ${LOCATION_TEXTS.typeManually}`;
}
