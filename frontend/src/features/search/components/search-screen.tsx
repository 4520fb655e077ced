import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_HISTORY_SHOWN } from '@/config/app';
import { ProductCard } from '@/components/product/product-card';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { Carousel } from '@/components/ui/carousel';
import { ArrowLeftIcon, ClockIcon, EyeIcon, TrendingIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/state-panel';
import { useGoBack } from '@/hooks/use-go-back';
import { readRecentlyViewed } from '@/lib/recently-viewed';
import { usePopularSearches, useSearchResults } from '../api/search-queries';
import { useSearchHistory } from '../hooks/use-search-history';
import { SearchBox } from './search-box';
import styles from './search-screen.module.css';

export const NO_RESULTS_TEXT = 'No products found';
export const NO_RESULTS_HINT = 'Try adjusting your search terms or browse our popular categories';

/** The search on screen lives in the URL (?q=), so coming back from a product keeps it. */
const QUERY_PARAM = 'q';

function PopularSearches({ onSearch }: { onSearch: (query: string) => void }) {
  const { data: words } = usePopularSearches();
  return (
    <section className={styles.section} aria-labelledby="popular-searches">
      <h2 id="popular-searches" className={styles.heading}>
        <TrendingIcon size={18} />
        Popular Searches
      </h2>
      <ul className={styles.chips} aria-busy={!words || undefined}>
        {words
          ? words.map((word) => (
              <li key={word}>
                <button type="button" className={styles.chip} onClick={() => onSearch(word)}>
                  {word}
                </button>
              </li>
            ))
          : Array.from({ length: 6 }, (_, index) => (
              <li key={index}>
                <Skeleton width={72} height={36} radius="var(--radius-pill)" />
              </li>
            ))}
      </ul>
    </section>
  );
}

interface PastSearchesProps {
  queries: readonly string[];
  onSearch: (query: string) => void;
  onClear: () => void;
}

function PastSearches({ queries, onSearch, onClear }: PastSearchesProps) {
  if (queries.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="past-searches">
      <div className={styles.sectionHeader}>
        <h2 id="past-searches" className={styles.heading}>
          <ClockIcon />
          Recent Searches
        </h2>
        <button
          type="button"
          className={styles.clearAll}
          onClick={onClear}
          aria-describedby="past-searches"
        >
          Clear
        </button>
      </div>
      <ul className={styles.history}>
        {queries.map((query) => (
          <li key={query}>
            <button type="button" className={styles.historyItem} onClick={() => onSearch(query)}>
              <ClockIcon />
              <span className={styles.historyText}>{query}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecentlyViewed() {
  // Read once: the list changes on product pages, not while this screen is up.
  const [products] = useState(readRecentlyViewed);
  if (products.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="recently-viewed">
      <h2 id="recently-viewed" className={`${styles.heading} ${styles.padded}`}>
        <EyeIcon />
        Recently Viewed
      </h2>
      <Carousel label="Recently viewed products">
        {products.map((product) => (
          <ProductCard key={product._id} product={product} />
        ))}
      </Carousel>
    </section>
  );
}

function SearchResults({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const { data, isPending } = useSearchResults(query);
  if (isPending) return <ProductGridSkeleton label="Searching" />;
  const products = data ?? [];
  if (products.length === 0) {
    return (
      <>
        <EmptyState title={NO_RESULTS_TEXT} hint={NO_RESULTS_HINT} />
        <PopularSearches onSearch={onSearch} />
      </>
    );
  }
  return (
    <section className={styles.results} aria-labelledby="search-results">
      <h2 id="search-results" className={`${styles.heading} ${styles.padded}`} role="status">
        {products.length} {products.length === 1 ? 'result' : 'results'} for “{query}”
      </h2>
      <ProductGrid
        label={`Results for ${query}`}
        products={products}
        cardOptions={() => ({ wishlist: true })}
      />
    </section>
  );
}

/** Marks a results entry pushed over the blank search screen, which Back returns to. */
interface SearchLocationState {
  overBlankSearch?: boolean;
}

/** Search (/search, 000 §2.11). */
export function SearchScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const query = searchParams.get(QUERY_PARAM)?.trim() ?? '';
  const { history, searched, cleared } = useSearchHistory();

  const search = (text: string) => {
    const words = text.trim();
    if (words === '') return; // 000 §5: search only runs on non-blank text
    searched(words);
    // The first search stacks over the blank screen; later ones replace it.
    const state: SearchLocationState =
      query === '' ? { overBlankSearch: true } : (location.state as SearchLocationState | null) ?? {};
    setSearchParams({ [QUERY_PARAM]: words }, { replace: query !== '', state });
  };

  // 000 §2.11: back clears the results when they show, else goes back.
  const back = () => {
    if (query === '') goBack();
    else if ((location.state as SearchLocationState | null)?.overBlankSearch) void navigate(-1);
    else setSearchParams({}, { replace: true });
  };

  return (
    <div className={styles.screen}>
      <h1 className="visually-hidden">Search</h1>
      <div className={styles.bar}>
        <button type="button" className={styles.back} onClick={back} aria-label="Back">
          <ArrowLeftIcon size={22} />
        </button>
        {/* Keyed by the search, so a chip, a past search or Back puts its words in the box. */}
        <SearchBox key={query} initialText={query} onSearch={search} />
      </div>
      {query !== '' ? (
        <SearchResults query={query} onSearch={search} />
      ) : (
        <>
          <PastSearches
            queries={history.slice(0, SEARCH_HISTORY_SHOWN).map((past) => past.query)}
            onSearch={search}
            onClear={cleared}
          />
          <PopularSearches onSearch={search} />
          <RecentlyViewed />
        </>
      )}
    </div>
  );
}
