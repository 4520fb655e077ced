import { useSearchParams } from 'react-router';
import { SPECIAL_RATING } from '@/config/app';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { specialOfferBound, type PriceBounds } from '@/lib/listing';
import { formatInr } from '@/lib/money';
import type { Product } from '@/lib/product';
import { useSpecialOffers } from '../api/get-offer-products';
import { useCategoryFilter } from '../hooks/use-category-filter';
import { genderFromQuery, paiseToRupees, pricePaiseFromQuery } from '../utils/query-params';
import { AddToCartButton } from './add-to-cart-button';
import { CategoryChips } from './category-chips';
import { PageHeader } from './page-header';
import { StarIcon } from '@/components/ui/icons';
import styles from './offer-screens.module.css';

export const SPECIAL_OFFERS_TITLE = 'Special Offers';
export const NO_SPECIAL_OFFERS_TEXT = 'No special offers found';
export const NO_SPECIAL_OFFERS_HINT =
  'No products match your current criteria. Check back later for amazing special offers!';
export const SPECIAL_OFFERS_ERROR_TEXT = 'Failed to load special offers. Please try again.';

/** The subtitle names the price filter (000 §2.5 tiles: under ₹2,999, from ₹799). */
function priceFilterText({ minPaise, maxPaise }: PriceBounds): string {
  if (minPaise !== null) return `From ${formatInr(minPaise)}`;
  if (maxPaise !== null) return `Under ${formatInr(maxPaise)}`;
  return 'Best special offers available';
}

/** 000 §2.8: 'Showing N special offers' plus 'in' and the selected categories. */
export function countLine(count: number, selected: readonly string[]): string {
  const base = `Showing ${count} special offers`;
  return selected.length > 0 ? `${base} in ${selected.join(', ')}` : base;
}

const specialCard = (product: Product) => ({
  badge: 'SPECIAL',
  wishlist: true,
  action: <AddToCartButton product={product} />,
  children: (
    <span className={styles.rating} aria-label={`Rated ${SPECIAL_RATING} out of 5`}>
      {SPECIAL_RATING}
      <StarIcon />
    </span>
  ),
});

/** Special Offers (/special-offers, 000 §2.8). */
export function SpecialOffersScreen() {
  const [searchParams] = useSearchParams();
  // 000 §5: the min bound is applied, else the max bound, never both.
  const bound = specialOfferBound(
    pricePaiseFromQuery(searchParams.get('minPrice')),
    pricePaiseFromQuery(searchParams.get('maxPrice')),
  );
  const { data, isPending, isError, refetch } = useSpecialOffers({
    gender: genderFromQuery(searchParams.get('gender')),
    minPrice: paiseToRupees(bound.minPaise),
    maxPrice: paiseToRupees(bound.maxPaise),
  });
  const { categories, selected, visible, toggle } = useCategoryFilter(data);

  let body;
  if (isPending) {
    body = <ProductGridSkeleton withAction />;
  } else if (isError) {
    // 000 §4: an error empties the list; the empty state carries the error text.
    body = (
      <ErrorState
        title={NO_SPECIAL_OFFERS_TEXT}
        message={SPECIAL_OFFERS_ERROR_TEXT}
        onRetry={() => void refetch()}
      />
    );
  } else if (visible.length === 0) {
    body = <EmptyState title={NO_SPECIAL_OFFERS_TEXT} hint={NO_SPECIAL_OFFERS_HINT} />;
  } else {
    body = (
      <>
        <CategoryChips categories={categories} selected={selected} onToggle={toggle} />
        <p className={styles.countLine} role="status">
          {countLine(visible.length, selected)}
        </p>
        <ProductGrid label="Special offers" products={visible} cardOptions={specialCard} />
      </>
    );
  }

  return (
    <div className={styles.screen}>
      <PageHeader
        title={SPECIAL_OFFERS_TITLE}
        subtitle={priceFilterText(bound)}
        links={['search', 'profile']}
      />
      {body}
    </div>
  );
}
