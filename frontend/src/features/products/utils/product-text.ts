import type { Gender } from '@/api/catalogue-types';
import type { CategoryRef, Product } from '@/lib/product';

const GENDERS: readonly Gender[] = ['male', 'female', 'unisex'];

/** A gender query value in any case; anything else means every gender. */
export function parseGender(value: string | null): Gender | null {
  const gender = value?.trim().toLowerCase();
  return GENDERS.find((known) => known === gender) ?? null;
}

function categoryRefs(product: Pick<Product, 'category'>): (CategoryRef | string)[] {
  const { category } = product;
  if (Array.isArray(category)) return category;
  return category ? [category] : [];
}

/**
 * The name of a product's category: the entry with id `preferredId` when it has one, else the
 * most specific (the API lists the top-level category first, the subcategory last).
 */
export function categoryName(
  product: Pick<Product, 'category'>,
  preferredId?: string,
): string | undefined {
  const refs = categoryRefs(product);
  const preferred = refs.find((ref) => typeof ref !== 'string' && ref._id === preferredId);
  const ref = preferred ?? refs.at(-1);
  const name = typeof ref === 'string' ? ref : ref?.name;
  return name || undefined;
}
