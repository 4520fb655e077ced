import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { brandName } from '@/lib/product';
import { ProductGridSkeleton } from '@/components/product/product-grid';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { productQueries, type ProductListSource } from '../api/product-queries';
import { categoryName } from '../utils/product-text';
import { ProductListCard } from './product-list-card';
import styles from './product-list.module.css';
import { LoadMoreButton } from '@/components/ui/load-more-button';

export const PRODUCTS_FAILED_TEXT = 'Failed to fetch products';

interface ProductListProps {
  source: ProductListSource;
  /** The ?name= of the link that opened the list. */
  name: string | null;
}

/**
 * The product list of a category or a brand (001 'Product list for a category or brand'), a
 * page at a time: 'Load More Products' under the grid asks for the next one.
 */
export function ProductList({ source, name }: ProductListProps) {
  const {
    data: products = [],
    isPending,
    isError,
    error,
    refetch,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  } = useInfiniteQuery(productQueries.list(source));
  // A failed next page keeps the pages already shown; its 'Try Again' asks for that page again.
  const retry = () => void (isFetchNextPageError ? fetchNextPage() : refetch());
  const errorState = error && (
    <ErrorState message={error.message || PRODUCTS_FAILED_TEXT} onRetry={retry} />
  );
  const first = products[0];
  const preferredId = source.kind === 'category' ? source.categoryId : undefined;
  const taggedWith = first && categoryName(first, preferredId);
  const listName =
    name?.trim() ||
    (source.kind === 'brand' && first ? brandName(first) : taggedWith) ||
    undefined;

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <Link
          to={paths.collection.getHref({ category: 'Brands' })}
          className={styles.back}
          aria-label="Back"
        >
          <ArrowLeftIcon size={22} />
        </Link>
        <div className={styles.titles}>
          <h1 className={styles.title}>{listName ? `${listName} Products` : 'Products'}</h1>
          {taggedWith && (
            <p className={styles.subtitle}>Showing products tagged with &quot;{taggedWith}&quot;</p>
          )}
        </div>
      </div>

      {isPending ? (
        <>
          <p className={styles.loading} role="status">
            Loading products...
          </p>
          <ProductGridSkeleton />
        </>
      ) : products.length === 0 ? (
        (errorState ?? <EmptyState title="No products found for this category." />)
      ) : (
        <>
          <ul className={styles.grid} aria-label="Products">
            {products.map((product) => (
              <li key={product._id}>
                <ProductListCard product={product} />
              </li>
            ))}
          </ul>
          {isFetchingNextPage || (hasNextPage && !isError) ? (
            <LoadMoreButton
              label="Load More Products"
              loading={isFetchingNextPage}
              onLoadMore={() => void fetchNextPage()}
            />
          ) : (
            errorState
          )}
        </>
      )}
    </div>
  );
}
