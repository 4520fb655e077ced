import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MIN_CHARS } from '@/config/app';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import {
  getPlace,
  getPlacePredictions,
  newPlacesSession,
  placeKeys,
  type Place,
  type PlacePrediction,
} from '@/api/places';

export type PlaceSearch = ReturnType<typeof usePlaceSearch>;

/**
 * The address search's calls (001 §7): suggestions for what was typed, 180 ms after the last
 * keystroke and from 2 characters; one session token for every suggestion call and the details
 * call of the place picked, then a new token for the next search.
 */
export function usePlaceSearch(typed: string) {
  const [session, setSession] = useState(newPlacesSession);
  const current = typed.trim();
  const text = useDebouncedValue(current, ADDRESS_SEARCH_DEBOUNCE_MS);
  const wanted = current.length >= ADDRESS_SEARCH_MIN_CHARS;
  // Asked once the typing has rested on the text: never for a text already gone from the box.
  const settled = wanted && text === current;

  const suggestions = useQuery({
    queryKey: placeKeys.autocomplete(text, session),
    queryFn: ({ signal }) => getPlacePredictions(text, session, signal),
    enabled: settled,
    // The list stays up while the next suggestions load, so it never blinks.
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

  const details = useMutation({
    mutationFn: ({ placeId }: PlacePrediction): Promise<Place> => getPlace(placeId, session),
    // Picking ends the search, whatever the answer: the next one is a new session.
    onSettled: () => setSession(newPlacesSession()),
  });

  return {
    predictions: wanted ? (suggestions.data ?? []) : [],
    suggestionsError: wanted ? suggestions.error : null,
    /** The suggestions shown are the answer for the text in the box (not the previous one's). */
    hasAnswered: settled && suggestions.isSuccess && !suggestions.isPlaceholderData,
    pick: details.mutate,
    isPicking: details.isPending,
    pickError: details.error,
    resetPick: details.reset,
  };
}
