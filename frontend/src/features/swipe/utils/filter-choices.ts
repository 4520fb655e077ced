import type { Category } from '@/api/catalogue-types';

/**
 * A top-level category as the filter sheet offers it: one chip per name. Men's, women's and
 * unisex 'Topwear' are three categories with one name; the chip picks all of them.
 */
export interface CategoryChoice {
  name: string;
  ids: string[];
}

/** The top-level categories (no parentCategory, 000 §7), one choice per name, in API order. */
export function topLevelCategoryChoices(categories: readonly Category[]): CategoryChoice[] {
  const byName = new Map<string, CategoryChoice>();
  for (const category of categories) {
    if (category.parentCategory) continue;
    const choice = byName.get(category.name);
    if (choice) choice.ids.push(category._id);
    else byName.set(category.name, { name: category.name, ids: [category._id] });
  }
  return [...byName.values()];
}
