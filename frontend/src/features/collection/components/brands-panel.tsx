import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Gender } from '@/api/catalogue-types';
import { brandMatches } from '@/lib/listing';
import { BrandLogo } from '@/components/product/brand-logo';
import { SearchIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { collectionQueries } from '../api/collection-queries';
import { CollectionEmpty, ItemCount } from './collection-parts';
import styles from './collection-grid.module.css';
import { LoadMoreButton } from '@/components/ui/load-more-button';

/** Typing settles this long before the brands are asked for again (our choice). */
export const BRAND_SEARCH_DEBOUNCE_MS = 300;
const SKELETON_TILES = 9;
const LOGO_SIZE = 56;

const GENDER_BUTTONS: readonly { label: string; gender: Gender | null }[] = [
  { label: 'MALE', gender: 'male' },
  { label: 'FEMALE', gender: 'female' },
  { label: 'UNISEX', gender: 'unisex' },
  { label: 'ALL', gender: null },
];

interface BrandsPanelProps {
  gender: Gender | null;
  onGenderChange: (gender: Gender | null) => void;
}

/**
 * Brands mode (000 §2.6): name search (000 §5, also sent to the server), gender filter and a
 * grid of brands paged by 'Load More Brands'. A failed fetch shows the empty state (000 §8).
 */
export function BrandsPanel({ gender, onGenderChange }: BrandsPanelProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), BRAND_SEARCH_DEBOUNCE_MS);
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useInfiniteQuery(collectionQueries.brands({ gender, search }));
  // 000 §5 filters on the client: the brands on screen narrow at once while the server's
  // answer for the settled text is on its way.
  const brands = (data?.pages.flat() ?? []).filter((brand) => brandMatches(brand.name, searchText));

  return (
    <section aria-label="Brands" className={styles.panel}>
      <label className={styles.search}>
        <SearchIcon size={18} />
        <span className="visually-hidden">Search brands</span>
        <input
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder="Search brands..."
          className={styles.searchInput}
          enterKeyHint="search"
        />
      </label>

      <div className={styles.filters} role="group" aria-label="Gender">
        {GENDER_BUTTONS.map((button) => (
          <button
            key={button.label}
            type="button"
            aria-pressed={button.gender === gender}
            className={button.gender === gender ? `${styles.filter} ${styles.on}` : styles.filter}
            onClick={() => onGenderChange(button.gender)}
          >
            {button.label}
          </button>
        ))}
      </div>

      {isPending ? (
        <ul className={styles.brandGrid} aria-label="Loading brands" aria-busy="true">
          {Array.from({ length: SKELETON_TILES }, (_, index) => (
            <li key={index} className={styles.brandTile} aria-hidden="true">
              <Skeleton width={LOGO_SIZE} height={LOGO_SIZE} radius="var(--radius-md)" />
              <Skeleton width="80%" height={10} />
            </li>
          ))}
        </ul>
      ) : isError || brands.length === 0 ? (
        <CollectionEmpty title="No brands found" />
      ) : (
        <>
          <ItemCount count={brands.length} />
          <ul className={styles.brandGrid} aria-label="Brand list">
            {brands.map((brand) => (
              <li key={brand._id}>
                <Link
                  to={paths.products.getHref({ brand: brand._id })}
                  className={styles.brandTile}
                >
                  <BrandLogo
                    name={brand.name}
                    logoUrl={brand.logo_url}
                    size={LOGO_SIZE}
                    decorative
                  />
                  <span className={styles.tileName}>{brand.name}</span>
                </Link>
              </li>
            ))}
          </ul>
          {hasNextPage && (
            <LoadMoreButton
              label="Load More Brands"
              loading={isFetchingNextPage}
              onLoadMore={() => void fetchNextPage()}
            />
          )}
        </>
      )}
    </section>
  );
}
