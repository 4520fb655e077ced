import { Link } from 'react-router';
import { SPECIAL_COLLECTION_MAX_PRICE, SPECIAL_COLLECTION_MIN_PRICE } from '@/config/app';
import { paths } from '@/config/paths';
import { SparklesIcon } from '@/components/ui/icons';
import { SectionHeader } from '@/components/ui/section-header';
import home from './home.module.css';
import styles from './special-collections.module.css';

const COLLECTIONS = [
  {
    label: 'Under ₹2,999',
    to: paths.specialOffers.getHref({ maxPrice: SPECIAL_COLLECTION_MAX_PRICE }),
    banner: '/api/media/banner/under-2999.svg',
  },
  {
    label: 'Starting at ₹799',
    to: paths.specialOffers.getHref({ minPrice: SPECIAL_COLLECTION_MIN_PRICE }),
    banner: '/api/media/banner/starting-799.svg',
  },
] as const;

/** Special Collections: the two price tiers of Special Offers (000 §2.5, §9). */
export function SpecialCollections() {
  return (
    <section className={home.section} aria-labelledby="special-collections-title">
      <SectionHeader
        id="special-collections-title"
        title="Special Collections"
        icon={<SparklesIcon size={18} />}
      />
      <ul className={styles.list}>
        {COLLECTIONS.map((collection) => (
          <li key={collection.to}>
            <Link to={collection.to} className={home.banner}>
              <img
                src={collection.banner}
                alt={collection.label}
                loading="lazy"
                className={home.bannerImage}
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
