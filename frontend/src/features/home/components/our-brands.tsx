import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BRANDS_AUTO_SCROLL_MS } from '@/config/app';
import { paths } from '@/config/paths';
import { BrandLogo } from '@/components/product/brand-logo';
import { Carousel } from '@/components/ui/carousel';
import { SparklesIcon } from '@/components/ui/icons';
import { SectionHeader } from '@/components/ui/section-header';
import { Skeleton } from '@/components/ui/skeleton';
import { homeQueries } from '../api/home-queries';
import home from './home.module.css';
import styles from './our-brands.module.css';

const SKELETON_TILES = 4;
const LOGO_SIZE = 64;

/** Our Brands: active brands, auto-scrolling every 3 s (000 §2.5); 'No brands found.' (§8). */
export function OurBrands() {
  const { data: brands = [], isPending } = useQuery(homeQueries.brands());

  return (
    <section className={`${home.section} ${styles.section}`} aria-labelledby="our-brands-title">
      <SectionHeader
        id="our-brands-title"
        title="Our Brands"
        icon={<SparklesIcon size={18} />}
        link={{ label: 'View All', to: paths.brands.getHref() }}
      />
      {isPending ? (
        <Carousel label="Loading brands" itemWidth="88px" busy>
          {Array.from({ length: SKELETON_TILES }, (_, index) => (
            <span key={index} className={styles.tile}>
              <Skeleton width={LOGO_SIZE} height={LOGO_SIZE} radius="var(--radius-md)" />
              <Skeleton width="80%" height={10} className={styles.skeletonName} />
            </span>
          ))}
        </Carousel>
      ) : brands.length > 0 ? (
        <Carousel label="Brands" itemWidth="88px" intervalMs={BRANDS_AUTO_SCROLL_MS}>
          {brands.map((brand) => (
            <Link key={brand._id} to={paths.brand.getHref(brand._id)} className={styles.tile}>
              <BrandLogo name={brand.name} logoUrl={brand.logo_url} size={LOGO_SIZE} decorative />
              <span className={styles.name}>{brand.name}</span>
            </Link>
          ))}
        </Carousel>
      ) : (
        <p className={home.empty}>No brands found.</p>
      )}
    </section>
  );
}
