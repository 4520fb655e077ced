import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { APP_NAME } from '@/config/app';
import { paths } from '@/config/paths';
import { brandName, type Product } from '@/lib/product';
import { recordRecentlyViewed } from '@/lib/recently-viewed';
import { useGoBack } from '@/hooks/use-go-back';
import { PriceTag } from '@/components/product/price-tag';
import { WishlistHeart } from '@/components/product/wishlist-heart';
import { ArrowLeftIcon, CompassIcon, SearchIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/state-panel';
import { productQueries } from '../api/product-queries';
import { useBuyNow } from '@/hooks/use-buy-now';
import { ProductGallery } from './product-gallery';
import { ProductInfoTabs } from './product-info-tabs';
import { SizeSelector } from '@/components/product/size-selector';
import styles from './product-detail.module.css';

export const PRODUCT_NOT_FOUND_TEXT = 'Product not found.';

/** The product page (/product/{id}, 000 §2.12). */
export function ProductDetail({ productId }: { productId: string }) {
  const goBack = useGoBack();
  const { data: product, isPending, isError } = useQuery(productQueries.detail(productId));

  useEffect(() => {
    document.title = `${product?.name ?? 'Product'} · ${APP_NAME}`;
  }, [product?.name]);

  // 000 §3: the product page feeds the search screen's recently viewed.
  useEffect(() => {
    if (product) recordRecentlyViewed(product);
  }, [product]);

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <button type="button" className={styles.iconButton} onClick={goBack} aria-label="Back">
          <ArrowLeftIcon size={22} />
        </button>
        <div className={styles.actions}>
          <Link to={paths.search.getHref()} className={styles.iconButton} aria-label="Search">
            <SearchIcon size={22} />
          </Link>
          {!isError && <WishlistHeart productId={productId} className={styles.heart} />}
        </div>
      </div>
      {isPending ? (
        <ProductDetailSkeleton />
      ) : isError ? (
        // 000 §8: a failed load is only logged; the page says the product is missing.
        <EmptyState
          title={PRODUCT_NOT_FOUND_TEXT}
          icon={<CompassIcon />}
          action={{ label: 'Go to Explore', to: paths.root.getHref() }}
        />
      ) : (
        <ProductBody product={product} />
      )}
    </div>
  );
}

function ProductBody({ product }: { product: Product }) {
  const [size, setSize] = useState<string | null>(null);
  const buyNow = useBuyNow();
  const brand = brandName(product);
  const brandId = typeof product.brand === 'object' ? product.brand?._id : undefined;

  return (
    <>
      <div className={styles.content}>
        <ProductGallery images={product.images ?? []} name={product.name} />
        <div className={styles.heading}>
          {brand &&
            (brandId ? (
              <Link to={paths.brand.getHref(brandId)} className={styles.brand}>
                {brand}
              </Link>
            ) : (
              <p className={styles.brand}>{brand}</p>
            ))}
          <h1 className={styles.name}>{product.name}</h1>
          <PriceTag product={product} priceStyle="fixed2" size="lg" />
        </div>
        {(product.sizes?.length ?? 0) > 0 && (
          <SizeSelector
            sizes={product.sizes ?? []}
            stock={product.stock}
            selected={size}
            onSelect={setSize}
          />
        )}
        <ProductInfoTabs
          specifications={product.specifications}
          description={product.description}
        />
      </div>
      <div className={styles.buyBar}>
        <button
          type="button"
          className={styles.buy}
          disabled={size === null || buyNow.isPending(product._id)}
          aria-busy={buyNow.isPending(product._id) || undefined}
          onClick={() => size !== null && buyNow.buy(product, size)}
        >
          {size === null ? 'SELECT SIZE TO BUY' : 'BUY NOW'}
        </button>
      </div>
    </>
  );
}

function ProductDetailSkeleton() {
  return (
    <div className={styles.content} aria-busy="true" aria-label="Loading product">
      <Skeleton height="auto" radius="var(--radius-xl)" className={styles.skeletonImage} />
      <div className={styles.heading}>
        <Skeleton width="30%" height={12} />
        <Skeleton width="85%" height={22} />
        <Skeleton width="40%" height={22} />
      </div>
    </div>
  );
}
