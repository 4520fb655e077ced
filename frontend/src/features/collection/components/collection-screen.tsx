import { useSearchParams } from 'react-router';
import type { Gender } from '@/api/catalogue-types';
import { BRANDS_CATEGORY, parseCollectionGender } from '../utils/collection-params';
import { BrandsPanel } from './brands-panel';
import { CategoryRail } from './category-rail';
import { StyleBanner } from './style-banner';
import { SubcategoryPanel } from './subcategory-panel';
import styles from './collection-screen.module.css';

/**
 * The Collection (/collection, 000 §2.6): a rail of 'All Brands' and the top-level categories,
 * and beside it the brands or the chosen category's subcategories. Gender, category and the
 * style quiz's result live in the URL, so a link can open any view of it.
 */
export function CollectionScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const gender = parseCollectionGender(searchParams.get('gender'));
  const category = searchParams.get('category')?.trim() || BRANDS_CATEGORY;
  const style = searchParams.get('style');

  const hrefFor = (changes: { category?: string; gender?: Gender | null }) => {
    const next = new URLSearchParams(searchParams);
    if (changes.category !== undefined) next.set('category', changes.category);
    if (changes.gender !== undefined) {
      if (changes.gender) next.set('gender', changes.gender);
      else next.delete('gender');
    }
    return `?${next.toString()}`;
  };

  const chooseGender = (next: Gender | null) => {
    setSearchParams(new URLSearchParams(hrefFor({ gender: next })), { replace: true });
  };

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <h1 className={styles.title}>Collection</h1>
        <StyleBanner styleKey={style} />
      </div>
      <div className={styles.body}>
        <CategoryRail
          gender={gender}
          selected={category}
          hrefFor={(name) => hrefFor({ category: name })}
        />
        <div className={styles.content}>
          {category === BRANDS_CATEGORY ? (
            <BrandsPanel gender={gender} onGenderChange={chooseGender} />
          ) : (
            <SubcategoryPanel category={category} gender={gender} />
          )}
        </div>
      </div>
    </div>
  );
}
