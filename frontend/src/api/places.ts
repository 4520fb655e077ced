// The address directory, docs/http-api.md "Places": suggestions for what a shopper types and
// a suggestion's address parts (001 §3 parsed place, §7 maps service). The server answers
// from its own directory, so the browser loads no maps script and holds no key. In src/api, not in
// a feature, because the login sheet's location detection asks the same service.

import { api } from './client';
import { unexpectedResponse as unexpected } from './guards';
import type { components } from './schema';

type Schemas = components['schemas'];

/** A suggestion: pass its `placeId` to `getPlace`; `mainText` 'Fort', `secondaryText`
 * 'Mumbai, Maharashtra 400001'. */
export type PlacePrediction = Schemas['Prediction'];

/** A parsed place (001 §3): the parts the address wizard fills in. */
export type Place = Schemas['ParsedPlace'];

export const placeKeys = {
  all: ['places'] as const,
  autocomplete: (text: string, session: string) =>
    [...placeKeys.all, 'autocomplete', text, session] as const,
};

interface Answer<T> {
  success?: unknown;
  data?: T;
}

/**
 * A token for one search: every suggestion call and the details call of the place picked carry
 * it, then the next search gets a new one (001 §7). `randomUUID` needs a secure context
 * (HTTPS or localhost); a shop opened over plain HTTP on a network address still gets one.
 */
export function newPlacesSession(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** GET /places/autocomplete: up to 5 suggestions, best first, India only. */
export async function getPlacePredictions(
  text: string,
  session: string,
  signal?: AbortSignal,
): Promise<PlacePrediction[]> {
  const answer = await api.get<Answer<{ predictions?: unknown }> | null>('/places/autocomplete', {
    query: { q: text, session },
    signal,
  });
  const predictions = answer?.data?.predictions;
  if (!Array.isArray(predictions)) throw unexpected();
  return predictions.filter(
    (prediction): prediction is PlacePrediction =>
      typeof prediction === 'object' &&
      prediction !== null &&
      typeof (prediction as { placeId?: unknown }).placeId === 'string',
  );
}

/** GET /places/{placeId}: the picked suggestion's address parts. */
export async function getPlace(placeId: string, session: string): Promise<Place> {
  const answer = await api.get<Answer<Place> | null>(`/places/${encodeURIComponent(placeId)}`, {
    query: { session },
  });
  const place = answer?.data;
  if (typeof place !== 'object' || place === null || typeof place.placeId !== 'string') {
    throw unexpected();
  }
  return place;
}

/** GET /places/reverse: the post office nearest a point (the login sheet's auto-detect). */
export async function getNearestPlace(lat: number, lon: number): Promise<Place> {
  const answer = await api.get<Answer<Place> | null>('/places/reverse', {
    query: { lat: String(lat), lon: String(lon) },
  });
  const place = answer?.data;
  if (typeof place !== 'object' || place === null || typeof place.placeId !== 'string') {
    throw unexpected();
  }
  return place;
}

/** How the login sheet names a place: 'Fort, Mumbai', or just the city when that is all. */
export function placeName(place: Pick<Place, 'locality' | 'city' | 'formatted'>): string {
  const parts = [place.locality.trim(), place.city.trim()].filter(Boolean);
  const unique = parts.filter((part, index) => parts.indexOf(part) === index);
  return unique.length > 0 ? unique.join(', ') : place.formatted.trim();
}
