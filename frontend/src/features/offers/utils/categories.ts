import type { Product } from '@/lib/product';

/**
 * The category a chip names (000 §2.8, §2.10): the subcategory when the product has one (the
 * API lists the top level first), else its only category.
 */
export function productCategoryName(product: Pick<Product, 'category'>): string | null {
  const { category } = product;
  if (typeof category === 'string') return category || null;
  if (Array.isArray(category)) return (category[1] ?? category[0])?.name ?? null;
  return category?.name ?? null;
}

/** The first `max` distinct categories of the loaded products, in list order. */
export function firstCategories(products: readonly Product[], max: number): string[] {
  const names = new Set<string>();
  for (const product of products) {
    if (names.size === max) break;
    const name = productCategoryName(product);
    if (name) names.add(name);
  }
  return [...names];
}

/** Products in any of the selected categories; no selection keeps them all. */
export function inSelectedCategories(
  products: readonly Product[],
  selected: readonly string[],
): readonly Product[] {
  if (selected.length === 0) return products;
  return products.filter((product) => selected.includes(productCategoryName(product) ?? ''));
}
