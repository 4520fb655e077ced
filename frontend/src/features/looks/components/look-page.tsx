import { Navigate, useParams } from 'react-router';
import { LOOK_MAX_PRODUCTS } from '@/config/app';
import { isLookId, LOOKS, type Look } from '@/config/looks';
import { paths } from '@/config/paths';
import { FallbackImage } from '@/components/ui/fallback-image';
import { EmptyState } from '@/components/ui/state-panel';
import { useGoBack } from '@/hooks/use-go-back';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { useLookProducts } from '../api/get-look-products';
import { LookProductCard, LookProductCardSkeleton } from './look-product-card';
import styles from './look-page.module.css';

export const NO_LOOK_PRODUCTS_TEXT = 'No products found for this look';

function FeaturedProducts({ look }: { look: Look }) {
  const { data: products, isPending } = useLookProducts(look.id);

  if (!isPending && (products ?? []).length === 0) {
    return (
      <EmptyState
        title={NO_LOOK_PRODUCTS_TEXT}
        action={{ label: 'Browse All Products', to: paths.collection.getHref() }}
      />
    );
  }
  return (
    <ul
      className={styles.grid}
      aria-labelledby="featured-products"
      aria-busy={isPending || undefined}
    >
      {isPending
        ? Array.from({ length: LOOK_MAX_PRODUCTS }, (_, index) => (
            <li key={index} className={styles.item}>
              <LookProductCardSkeleton />
            </li>
          ))
        : (products ?? []).map((product) => (
            <li key={product._id} className={styles.item}>
              <LookProductCard product={product} />
            </li>
          ))}
    </ul>
  );
}

function LookDetails({ look }: { look: Look }) {
  const goBack = useGoBack();
  return (
    <div className={styles.screen}>
      <div className={styles.topBar}>
        <button type="button" className={styles.back} onClick={goBack} aria-label="Back">
          <ArrowLeftIcon size={22} />
        </button>
        <span className={styles.kicker}>Curated look</span>
      </div>
      <section className={styles.intro} aria-labelledby="look-title">
        {/* The banner carries its own lettering, so it is shown whole, not cropped. */}
        <span className={styles.hero}>
          <FallbackImage src={look.image} alt="" className={styles.heroImage} />
        </span>
        <p className={styles.subtitle}>{look.subtitle}</p>
        <h1 id="look-title" className={styles.title}>
          {look.title}
        </h1>
        <p className={styles.description}>{look.description}</p>
      </section>
      <section className={styles.featured} aria-labelledby="featured-products">
        <h2 id="featured-products" className={styles.heading}>
          Featured Products
        </h2>
        <FeaturedProducts look={look} />
      </section>
    </div>
  );
}

/** A curated look (/look/{lookId}, 001 §2, §7); an unknown look goes home. */
export function LookPage() {
  const { lookId } = useParams();
  if (!isLookId(lookId)) return <Navigate to={paths.root.getHref()} replace />;
  return <LookDetails key={lookId} look={LOOKS[lookId]} />;
}
