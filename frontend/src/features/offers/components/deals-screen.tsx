import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { dealMatches, dealsFilter } from '@/lib/listing';
import type { Product } from '@/lib/product';
import { useDeals } from '../api/get-offer-products';
import { useCategoryFilter } from '../hooks/use-category-filter';
import { genderFromQuery } from '../utils/query-params';
import { AddToCartButton } from './add-to-cart-button';
import { CategoryChips } from './category-chips';
import { PageHeader } from './page-header';
import styles from './offer-screens.module.css';

export const DEALS_TITLE = 'Hot Deals';
export const NO_DEALS_TEXT = 'No deals found';
export const DEALS_ERROR_TEXT = 'Failed to load deals. Please try again.';

const backToHome = { label: 'Back to Home', to: paths.home.getHref() };

const dealCard = (product: Product) => ({
  badge: `${product.offerPercentage ?? 0}% OFF`,
  wishlist: true,
  // 000 §9: deals round to whole rupees; the badge already gives the percentage.
  priceStyle: 'whole' as const,
  showPercentOff: false,
  action: <AddToCartButton product={product} priceStyle="whole" />,
});

/** Hot Deals (/deals, 000 §2.10): products with an offer, or exactly `discount` percent. */
export function DealsScreen() {
  const [searchParams] = useSearchParams();
  const filter = dealsFilter(searchParams.get('discount'));
  const gender = genderFromQuery(searchParams.get('gender'));
  const { data, isPending, isError, refetch } = useDeals({ discount: filter, gender });
  // The API filters already; the rule is applied again so the screen never shows a non-deal.
  const deals = useMemo(
    () => data?.filter((product) => dealMatches(filter, product.offerPercentage)),
    [data, filter],
  );
  const { categories, selected, visible, toggle } = useCategoryFilter(deals);

  let body;
  if (isPending) {
    body = <ProductGridSkeleton withAction />;
  } else if (isError) {
    body = <ErrorState message={DEALS_ERROR_TEXT} onRetry={() => void refetch()} action={backToHome} />;
  } else if (visible.length === 0) {
    body = <EmptyState title={NO_DEALS_TEXT} action={backToHome} />;
  } else {
    body = (
      <>
        <CategoryChips categories={categories} selected={selected} onToggle={toggle} />
        <ProductGrid label="Hot deals" products={visible} cardOptions={dealCard} />
      </>
    );
  }

  return (
    <div className={styles.screen}>
      <PageHeader
        title={DEALS_TITLE}
        subtitle={filter === 'any' ? 'Best discounts available' : `${filter}% OFF`}
        links={['search', 'profile']}
      />
      {body}
    </div>
  );
}
