import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { HOME_CATEGORIES_LIMIT } from '@/config/app';
import { paths } from '@/config/paths';
import { GridIcon } from '@/components/ui/icons';
import { SectionHeader } from '@/components/ui/section-header';
import { Skeleton } from '@/components/ui/skeleton';
import { homeQueries } from '../api/home-queries';
import type { HomeGender } from '../utils/genders';
import home from './home.module.css';
import styles from './home-categories.module.css';

interface HomeCategoriesProps {
  id: string;
  gender: HomeGender;
}

/**
 * The first 4 categories of the chosen gender (000 §2.5). A failed fetch shows the empty text
 * (000 §8).
 */
export function HomeCategories({ id, gender }: HomeCategoriesProps) {
  const { data: categories = [], isPending } = useQuery(homeQueries.categories(gender.gender));
  const titleId = `${id}-title`;

  return (
    <section id={id} className={`${home.section} ${styles.section}`} aria-labelledby={titleId}>
      <SectionHeader
        id={titleId}
        title="Categories"
        icon={<GridIcon size={18} />}
        link={{ label: 'View All', to: paths.collection.getHref({ gender: gender.gender }) }}
      />
      {isPending ? (
        <ul className={styles.grid} aria-label="Loading categories" aria-busy="true">
          {Array.from({ length: HOME_CATEGORIES_LIMIT }, (_, index) => (
            <li key={index} className={styles.tile} aria-hidden="true">
              <Skeleton height="auto" radius="var(--radius-lg)" className={styles.media} />
              <Skeleton width="70%" height={12} className={styles.skeletonName} />
            </li>
          ))}
        </ul>
      ) : categories.length > 0 ? (
        <ul className={styles.grid} aria-label={`${gender.sectionName} categories`}>
          {categories.map((category) => (
            <li key={category._id}>
              <Link
                to={paths.productsByCategory.getHref(category._id, { name: category.name })}
                className={styles.tile}
              >
                <span className={styles.media}>
                  {category.image && (
                    <img src={category.image} alt="" loading="lazy" className={styles.image} />
                  )}
                </span>
                <span className={styles.name}>{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={home.empty}>No categories found for {gender.sectionName} section.</p>
      )}
    </section>
  );
}
