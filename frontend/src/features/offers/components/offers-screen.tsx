import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { GridIcon, ListIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import type { ProductSort } from '@/api/catalogue';
import type { Gender } from '@/api/catalogue-types';
import { offerTitle, parseOffer } from '@/lib/listing';
import type { Product } from '@/lib/product';
import { useOfferProducts } from '../api/get-offer-products';
import { offerErrorMessage } from '../utils/fetch-error';
import { hasFlatOrBuyOffer } from '../utils/offer-badge';
import { genderFromQuery } from '../utils/query-params';
import { OfferListItem } from './offer-list-item';
import { PageHeader } from './page-header';
import { PromoBanner } from './promo-banner';
import styles from './offers-screen.module.css';
import { LoadMoreButton } from '@/components/ui/load-more-button';

export const NO_OFFER_PRODUCTS_TEXT = 'No products found for this offer. Please check back later.';

/** 000 §2.9: price-low (the default), price-high, newest. */
const SORTS: readonly { value: ProductSort; label: string }[] = [
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'newest', label: 'Newest' },
];
const DEFAULT_SORT: ProductSort = 'price-low';

type View = 'grid' | 'list';

const GENDER_SUBTITLES: Record<Gender, string> = {
  male: 'Picks for men',
  female: 'Picks for women',
  unisex: 'Unisex picks',
};

const backToExplore = { label: 'Back to Explore', to: paths.root.getHref() };

const badgeOf = (product: Product) => (hasFlatOrBuyOffer(product) ? 'OFFER' : undefined);

const gridCard = (product: Product) => ({
  badge: badgeOf(product),
  wishlist: true,
  action: (
    <Link to={paths.product.getHref(product._id)}>
      View<span className="visually-hidden"> {product.name}</span>
    </Link>
  ),
});

function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  return (
    <div className={styles.viewToggle} role="group" aria-label="View">
      <button
        type="button"
        aria-pressed={view === 'grid'}
        aria-label="Grid view"
        onClick={() => onChange('grid')}
      >
        <GridIcon size={20} />
      </button>
      <button
        type="button"
        aria-pressed={view === 'list'}
        aria-label="List view"
        onClick={() => onChange('list')}
      >
        <ListIcon />
      </button>
    </div>
  );
}

const isSort = (value: string | null): value is ProductSort =>
  SORTS.some((sort) => sort.value === value);

/** Offer products (/offers, 000 §2.9): one offer's products, sorted, a page at a time. */
export function OffersScreen() {
  const sortId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const offerParam = searchParams.get('offer');
  const offer = parseOffer(offerParam);
  const sortParam = searchParams.get('sort');
  const sort = isSort(sortParam) ? sortParam : DEFAULT_SORT;
  const view: View = searchParams.get('view') === 'list' ? 'list' : 'grid';
  const gender = genderFromQuery(searchParams.get('gender'));
  const query = useOfferProducts({ offer: offer ?? undefined, gender, sort });
  const { data: products, isPending, isError, error, refetch, isPlaceholderData } = query;

  // Sort and view live in the URL, so coming back from a product keeps them.
  const setParam = (key: 'sort' | 'view', value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  let body;
  if (isPending) {
    body = <ProductGridSkeleton withAction />;
  } else if (isError) {
    body = (
      <ErrorState
        message={offerErrorMessage(error)}
        onRetry={() => void refetch()}
        retryLabel="Retry"
        action={backToExplore}
      />
    );
  } else if (products.length === 0) {
    body = (
      <div className={styles.empty}>
        <EmptyState title={NO_OFFER_PRODUCTS_TEXT} action={backToExplore} />
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    );
  } else {
    body = (
      <div className={styles.results} aria-busy={isPlaceholderData || undefined}>
        {view === 'grid' ? (
          <ProductGrid label="Offer products" products={products} cardOptions={gridCard} />
        ) : (
          <ul className={styles.list} aria-label="Offer products">
            {products.map((product) => (
              <li key={product._id}>
                <OfferListItem product={product} badge={badgeOf(product)} />
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <LoadMoreButton
            label="Load More Products"
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        )}
      </div>
    );
  }

  const title = offerTitle(offerParam);
  return (
    <div className={styles.screen}>
      <PageHeader
        title={title}
        subtitle={gender ? GENDER_SUBTITLES[gender] : 'Picks for everyone'}
        links={['search', 'curatedList', 'profile']}
      />
      <PromoBanner offer={offer} />
      <div className={styles.toolbar}>
        <label htmlFor={sortId} className={styles.sortLabel}>
          Sort by
        </label>
        <select
          id={sortId}
          className={styles.sort}
          value={sort}
          onChange={(event) => setParam('sort', event.target.value)}
        >
          {SORTS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <ViewToggle view={view} onChange={(next) => setParam('view', next)} />
      </div>
      {body}
    </div>
  );
}
