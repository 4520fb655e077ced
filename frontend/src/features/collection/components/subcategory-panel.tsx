import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Gender } from '@/api/catalogue-types';
import { Skeleton } from '@/components/ui/skeleton';
import { collectionQueries } from '../api/collection-queries';
import { subcategoriesOf } from '../utils/collection-params';
import { CollectionEmpty, ItemCount } from './collection-parts';
import styles from './collection-grid.module.css';

const SKELETON_TILES = 6;
const GENDER_NAMES: Record<Gender, string> = { male: 'Men', female: 'Women', unisex: 'Unisex' };

interface SubcategoryPanelProps {
  /** A top-level category's name. */
  category: string;
  gender: Gender | null;
}

/** Category mode (000 §2.6): the category's subcategories, each opening its product list. */
export function SubcategoryPanel({ category, gender }: SubcategoryPanelProps) {
  const { data: categories = [], isPending } = useQuery(collectionQueries.categories());
  const subcategories = subcategoriesOf(categories, category, gender);
  // Without a gender filter the men's and the unisex 'T-shirts' sit side by side: say whose.
  const genders = new Set(subcategories.map((subcategory) => subcategory.gender));

  return (
    <section aria-label={category} className={styles.panel}>
      <h2 className={styles.heading}>{category}</h2>
      {isPending ? (
        <ul className={styles.categoryGrid} aria-label="Loading subcategories" aria-busy="true">
          {Array.from({ length: SKELETON_TILES }, (_, index) => (
            <li key={index} className={styles.categoryTile} aria-hidden="true">
              <Skeleton height="auto" radius="var(--radius-md)" className={styles.categoryMedia} />
              <Skeleton width="70%" height={10} />
            </li>
          ))}
        </ul>
      ) : subcategories.length === 0 ? (
        <CollectionEmpty title="No subcategories found" />
      ) : (
        <>
          <ItemCount count={subcategories.length} />
          <ul className={styles.categoryGrid} aria-label="Subcategories">
            {subcategories.map((subcategory) => (
              <li key={subcategory._id}>
                <Link
                  to={paths.productsByCategory.getHref(subcategory._id)}
                  className={styles.categoryTile}
                >
                  <span className={styles.categoryMedia}>
                    {subcategory.image && (
                      <img
                        src={subcategory.image}
                        alt=""
                        loading="lazy"
                        className={styles.categoryImage}
                      />
                    )}
                  </span>
                  <span className={styles.tileName}>{subcategory.name}</span>
                  {genders.size > 1 && subcategory.gender && (
                    <span className={styles.tileNote}>{GENDER_NAMES[subcategory.gender]}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
