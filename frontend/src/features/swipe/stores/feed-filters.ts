import { create } from 'zustand';
import type { Gender } from '@/api/catalogue-types';
import type { FeedFilters } from '../api/swipe-api';
import type { CategoryChoice } from '../utils/filter-choices';

// The filters the swipe feed is asked with (001 §2 Swipe screen): what the shopper applied in
// the filter sheet. Client state; the sheet edits a draft and hands it over on Apply.

export interface SwipeFilters {
  gender: Gender | null;
  brands: readonly string[];
  categories: readonly CategoryChoice[];
  colors: readonly string[];
  sizes: readonly string[];
}

export const NO_FILTERS: SwipeFilters = {
  gender: null,
  brands: [],
  categories: [],
  colors: [],
  sizes: [],
};

/** How many chips are on: the number on the Filters button. */
export function activeFilterCount(filters: SwipeFilters): number {
  return (
    (filters.gender ? 1 : 0) +
    filters.brands.length +
    filters.categories.length +
    filters.colors.length +
    filters.sizes.length
  );
}

/** The feed's query: a category chip stands for every category of its name. */
export function toFeedFilters({ categories, ...rest }: SwipeFilters): FeedFilters {
  return { ...rest, categories: categories.flatMap((choice) => choice.ids) };
}

interface FeedFiltersState {
  filters: SwipeFilters;
  actions: {
    filtersApplied: (filters: SwipeFilters) => void;
    filtersCleared: () => void;
  };
}

const useFeedFiltersStore = create<FeedFiltersState>()((set) => ({
  filters: NO_FILTERS,
  actions: {
    filtersApplied: (filters) => set({ filters }),
    filtersCleared: () => set({ filters: NO_FILTERS }),
  },
}));

export const useFeedFilters = () => useFeedFiltersStore((state) => state.filters);
export const useFeedFiltersActions = () => useFeedFiltersStore((state) => state.actions);
