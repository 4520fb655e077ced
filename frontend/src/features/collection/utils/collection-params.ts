import type { Category, Gender } from '@/api/catalogue-types';

/** The rail entry of brands mode, and the default category (000 §2.6). */
export const BRANDS_CATEGORY = 'Brands';

const GENDERS: readonly Gender[] = ['male', 'female', 'unisex'];

/** 000 §5: MALE, FEMALE or UNISEX in any case; anything else is ignored (null, ALL). */
export function parseCollectionGender(value: string | null): Gender | null {
  const gender = value?.trim().toLowerCase();
  return GENDERS.find((known) => known === gender) ?? null;
}

const matchesGender = (category: Category, gender: Gender | null) =>
  gender === null || category.gender === gender;

/**
 * The rail's top-level category names (no parentCategory, 001 §7), in the API's order, each
 * once: with ALL, the men's and the unisex 'Topwear' are one entry.
 */
export function topLevelNames(categories: readonly Category[], gender: Gender | null): string[] {
  const names = categories
    .filter((category) => !category.parentCategory && matchesGender(category, gender))
    .map((category) => category.name);
  return [...new Set(names)];
}

/** The subcategories under every top-level category called `name` (of `gender`, if set). */
export function subcategoriesOf(
  categories: readonly Category[],
  name: string,
  gender: Gender | null,
): Category[] {
  const parents = new Set(
    categories
      .filter((c) => !c.parentCategory && c.name === name && matchesGender(c, gender))
      .map((c) => c._id),
  );
  return categories.filter(
    (category) => category.parentCategory && parents.has(category.parentCategory._id),
  );
}
