import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { APP_NAME } from '@/config/app';
import { paths } from '@/config/paths';
import { ApiError } from '@/api/client';
import { defaultSizeOf } from '@/api/bag';
import type { ProductSort } from '@/api/catalogue';
import type { Brand, Gender } from '@/api/catalogue-types';
import { useAddToBag } from '@/hooks/use-bag';
import { useGoBack } from '@/hooks/use-go-back';
import { BrandLogo } from '@/components/product/brand-logo';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { ArrowLeftIcon, BagIcon, CompassIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { brandQueries } from '../api/brand-queries';
import { productCountText } from '../utils/product-count';
import styles from './brand-page.module.css';

/** 001 §9: the brand sort values, in this order. */
const SORTS: readonly { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'name', label: 'Name' },
];

/** 001 §9: all, male (Men), female (Women), unisex. */
const GENDERS: readonly { value: Gender | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'male', label: 'Men' },
  { value: 'female', label: 'Women' },
  { value: 'unisex', label: 'Unisex' },
];

const isSort = (value: string): value is ProductSort => SORTS.some((sort) => sort.value === value);

/** A brand's page (/brands/{brandId}, 000 §2.13): header, filters, sort and its products. */
export function BrandPage({ brandId }: { brandId: string }) {
  const goBack = useGoBack();
  const brand = useQuery(brandQueries.detail(brandId));
  const brandName = brand.data?.name;
  useEffect(() => {
    document.title = `${brandName ?? 'Brand'} · ${APP_NAME}`;
  }, [brandName]);

  let body;
  if (brand.isPending) {
    body = <BrandHeaderSkeleton />;
  } else if (brand.isError) {
    body =
      brand.error instanceof ApiError && brand.error.status === 404 ? (
        <EmptyState
          title="Brand not found"
          icon={<CompassIcon />}
          action={{ label: 'Go to Explore', to: paths.root.getHref() }}
        />
      ) : (
        <ErrorState message={brand.error.message} onRetry={() => void brand.refetch()} />
      );
  } else {
    body = (
      <>
        <BrandHeader brand={brand.data} />
        <BrandProducts brandId={brandId} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <button type="button" className={styles.iconButton} onClick={goBack} aria-label="Back">
          <ArrowLeftIcon size={22} />
        </button>
        <Link to={paths.bag.getHref()} className={styles.iconButton} aria-label="Bag">
          <BagIcon size={22} />
        </Link>
      </div>
      {body}
    </div>
  );
}

function BrandHeader({ brand }: { brand: Brand }) {
  return (
    <header className={styles.header}>
      <BrandLogo name={brand.name} logoUrl={brand.logo_url} size={72} decorative />
      <div className={styles.headerText}>
        <h1 className={styles.name}>{brand.name}</h1>
        {brand.productCount !== undefined && (
          <p className={styles.count}>{productCountText(brand.productCount)}</p>
        )}
      </div>
      {brand.description && <p className={styles.description}>{brand.description}</p>}
    </header>
  );
}

function BrandHeaderSkeleton() {
  return (
    <div className={styles.header} aria-busy="true" aria-label="Loading brand">
      <Skeleton width={72} height={72} radius="var(--radius-md)" />
      <div className={styles.headerText}>
        <Skeleton width="60%" height={22} />
        <Skeleton width="30%" height={12} />
      </div>
    </div>
  );
}

function BrandProducts({ brandId }: { brandId: string }) {
  const [sort, setSort] = useState<ProductSort>('newest');
  const [gender, setGender] = useState<Gender | null>(null);
  const { data: products = [], isPending } = useQuery(
    brandQueries.products(brandId, { sort, gender }),
  );
  const bag = useAddToBag();

  return (
    <section className={styles.products} aria-label="Products">
      <div className={styles.controls}>
        <div className={styles.chips} role="group" aria-label="Gender">
          {GENDERS.map((option) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={option.value === gender}
              className={option.value === gender ? `${styles.chip} ${styles.on}` : styles.chip}
              onClick={() => setGender(option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
        <label className={styles.sort}>
          Sort by
          <select
            value={sort}
            onChange={(event) => {
              if (isSort(event.target.value)) setSort(event.target.value);
            }}
            className={styles.select}
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {isPending ? (
        <ProductGridSkeleton withAction />
      ) : products.length === 0 ? (
        // 001 §8: a failed product fetch is an empty list.
        <EmptyState title="No products found" hint="Try adjusting your filters" />
      ) : (
        <ProductGrid
          label="Brand products"
          products={products}
          cardOptions={(product) => ({
            wishlist: true,
            action: (
              // 000 §2.13: the grid has no size picker, so the add asks for M, or the
              // product's first size when it has no M (001 §9's default size).
              <button
                type="button"
                disabled={bag.isAdding(product._id)}
                onClick={() =>
                  bag.add({ productId: product._id, size: defaultSizeOf(product.sizes) })
                }
              >
                Add to Bag
              </button>
            ),
          })}
        />
      )}
    </section>
  );
}
