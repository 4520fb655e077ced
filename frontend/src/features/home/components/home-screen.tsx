import { lazy, Suspense, useState } from 'react';
import { TAGLINES } from '@/config/app';
import { BoltIcon } from '@/components/ui/icons';
import { DEFAULT_HOME_GENDER, type HomeGender } from '../utils/genders';
import { FlashSale } from './flash-sale';
import { GenderTabs } from './gender-tabs';
import { HeroCarousel } from './hero-carousel';
import { HomeCategories } from './home-categories';
import { OurBrands } from './our-brands';
import { SpecialCollections } from './special-collections';
import { TrendingProducts } from './trending-products';
import styles from './home-screen.module.css';

const CATEGORIES_ID = 'home-categories';

// Below the fold, with the looks' data: loaded after the first paint, out of the first screen's
// JavaScript budget.
const IconicLooks = lazy(async () => ({ default: (await import('./iconic-looks')).IconicLooks }));

/** Explore (/home, 000 §2.5): every section in the specification's order. */
export function HomeScreen() {
  const [gender, setGender] = useState<HomeGender>(DEFAULT_HOME_GENDER);

  const chooseGender = (next: HomeGender) => {
    setGender(next);
    // 000 §2.5: choosing a gender scrolls to the categories.
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    document
      .getElementById(CATEGORIES_ID)
      ?.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  };

  return (
    <div className={styles.home}>
      <div className={styles.intro}>
        <h1 className={styles.title}>Explore</h1>
        <p className={styles.chip}>
          <BoltIcon size={14} />
          {TAGLINES.delivery}
        </p>
      </div>
      <GenderTabs value={gender} onChange={chooseGender} controls={CATEGORIES_ID} />
      <HeroCarousel />
      <FlashSale />
      <HomeCategories id={CATEGORIES_ID} gender={gender} />
      <SpecialCollections />
      <Suspense fallback={null}>
        <IconicLooks gender={gender} />
      </Suspense>
      <TrendingProducts gender={gender} />
      <OurBrands />
    </div>
  );
}
