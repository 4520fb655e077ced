import type { OfferKind } from '@/api/catalogue';
import { StarIcon } from '@/components/ui/icons';
import styles from './promo-banner.module.css';

interface Promo {
  kicker: string;
  headline: string;
  text: string;
  /** 000 §2.9: the banners show static ratings. */
  rating: number;
  ratings: string;
}

// The banners' words are ours: 000 §2.9 names the banners, not their text.
const PROMOS: Record<OfferKind | 'default', Promo> = {
  starting: {
    kicker: 'Fresh drops',
    headline: 'Wardrobe refresh from ₹499',
    text: 'Tees, shirts and everyday staples at starter prices.',
    rating: 4.6,
    ratings: '12k+',
  },
  'starting-women': {
    kicker: 'For her',
    headline: 'Her favourites from ₹799',
    text: 'Dresses, tops and co-ords for every plan.',
    rating: 4.7,
    ratings: '8k+',
  },
  under1299: {
    kicker: 'Budget edit',
    headline: 'Big style under ₹1,299',
    text: 'Every piece on this page costs ₹1,299 or less.',
    rating: 4.5,
    ratings: '15k+',
  },
  under899: {
    kicker: 'Steal deals',
    headline: 'Steals under ₹899',
    text: 'Basics and accessories that barely dent the wallet.',
    rating: 4.4,
    ratings: '20k+',
  },
  default: {
    kicker: 'Limited time',
    headline: 'Offers picked for you',
    text: 'The best prices across the shop, delivered in 60 minutes.',
    rating: 4.5,
    ratings: '25k+',
  },
};

/** The promo banner at the top of an offer page (000 §2.9). */
export function PromoBanner({ offer }: { offer: OfferKind | null }) {
  const promo = PROMOS[offer ?? 'default'];
  return (
    <section className={styles.banner} aria-label="Offer highlights">
      <p className={styles.kicker}>{promo.kicker}</p>
      <p className={styles.headline}>{promo.headline}</p>
      <p className={styles.text}>{promo.text}</p>
      <p className={styles.rating}>
        <span className={styles.pill} aria-label={`Rated ${promo.rating} out of 5`}>
          {promo.rating}
          <StarIcon />
        </span>
        {promo.ratings} ratings
      </p>
    </section>
  );
}
