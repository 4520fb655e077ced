import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  POPULAR_SEARCHES_FALLBACK,
  SUGGESTIONS_LIMIT,
  SUGGESTIONS_MIN_CHARS,
} from '@/config/app';
import { getPopularSearches, getSuggestions, searchProducts } from '@/api/catalogue';
import type { Product } from '@/lib/product';

export const searchKeys = {
  all: ['search'] as const,
  suggestions: (text: string) => [...searchKeys.all, 'suggestions', text] as const,
  results: (query: string) => [...searchKeys.all, 'results', query] as const,
  popular: () => [...searchKeys.all, 'popular'] as const,
};

export const searchQueries = {
  /** The top 5 products for what has been typed (000 §4). */
  suggestions: (text: string) =>
    queryOptions({
      queryKey: searchKeys.suggestions(text),
      queryFn: ({ signal }) => getSuggestions(text, { limit: SUGGESTIONS_LIMIT }, signal),
      enabled: text.length >= SUGGESTIONS_MIN_CHARS,
    }),
  /** 000 §8: a failed search shows no results rather than an error. */
  results: (query: string) =>
    queryOptions({
      queryKey: searchKeys.results(query),
      queryFn: async ({ signal }): Promise<Product[]> => {
        try {
          return await searchProducts({ query }, signal);
        } catch (error) {
          if (signal.aborted) throw error;
          return [];
        }
      },
      enabled: query.trim() !== '',
    }),
  /** 000 §8: the fixed six when the call fails. */
  popular: () =>
    queryOptions({
      queryKey: searchKeys.popular(),
      queryFn: async ({ signal }): Promise<readonly string[]> => {
        try {
          const words = await getPopularSearches(signal);
          return words.length > 0 ? words : POPULAR_SEARCHES_FALLBACK;
        } catch (error) {
          if (signal.aborted) throw error;
          return POPULAR_SEARCHES_FALLBACK;
        }
      },
      staleTime: Infinity,
    }),
};

/** The previous suggestions stay up while the next ones load, so the list never blinks. */
export function useSuggestions(text: string) {
  return useQuery({ ...searchQueries.suggestions(text), placeholderData: keepPreviousData });
}

export function useSearchResults(query: string) {
  return useQuery(searchQueries.results(query));
}

export function usePopularSearches() {
  return useQuery(searchQueries.popular());
}
