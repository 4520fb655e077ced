import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { BrandLogo } from '@/components/product/brand-logo';
import { ChevronRightIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/state-panel';
import { brandQueries } from '../api/brand-queries';
import { productCountText } from '../utils/product-count';
import styles from './all-brands.module.css';

const SKELETON_CARDS = 6;
const LOGO_SIZE = 56;

/** All Brands (/brands, 000 §2.13): a card per active brand; a failed fetch shows none (§8). */
export function AllBrands() {
  const { data: brands = [], isPending } = useQuery(brandQueries.list());

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>All Brands</h1>
      {isPending ? (
        <ul className={styles.list} aria-label="Loading brands" aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index} className={styles.card} aria-hidden="true">
              <Skeleton width={LOGO_SIZE} height={LOGO_SIZE} radius="var(--radius-md)" />
              <span className={styles.text}>
                <Skeleton width="50%" height={14} />
                <Skeleton width="90%" height={10} />
                <Skeleton width="30%" height={10} />
              </span>
            </li>
          ))}
        </ul>
      ) : brands.length === 0 ? (
        <EmptyState title="No brands found" />
      ) : (
        <ul className={styles.list} aria-label="Brands">
          {brands.map((brand) => (
            <li key={brand._id}>
              <Link to={paths.brand.getHref(brand._id)} className={styles.card}>
                <BrandLogo name={brand.name} logoUrl={brand.logo_url} size={LOGO_SIZE} decorative />
                <span className={styles.text}>
                  <span className={styles.name}>{brand.name}</span>
                  {brand.description && (
                    <span className={styles.description}>{brand.description}</span>
                  )}
                  {brand.productCount !== undefined && (
                    <span className={styles.count}>{productCountText(brand.productCount)}</span>
                  )}
                </span>
                <ChevronRightIcon size={18} className={styles.chevron} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

