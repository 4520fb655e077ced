import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOOK_FALLBACK_LIMIT, LOOK_MAX_PRODUCTS, LOOK_TAGS_AFTER_CATEGORIES } from '@/config/app';
import { LOOKS, type Look, type LookId } from '@/config/looks';
import { getProducts, getProductsByCategory, getProductsByTag } from '@/api/catalogue';
import type { Product } from '@/lib/product';

/** Each call's list, in call order; a failed call counts as empty (001 §8). */
async function listsOf(
  calls: readonly Promise<Product[]>[],
  signal: AbortSignal | undefined,
): Promise<Product[][]> {
  const results = await Promise.allSettled(calls);
  signal?.throwIfAborted();
  return results.map((result) => (result.status === 'fulfilled' ? result.value : []));
}

function firstUnique(products: readonly Product[], max: number): Product[] {
  const seen = new Set<string>();
  const unique: Product[] = [];
  for (const product of products) {
    if (unique.length === max) break;
    if (seen.has(product._id)) continue;
    seen.add(product._id);
    unique.push(product);
  }
  return unique;
}

/**
 * The look page's products (001 §7): the look's categories in turn; if any has products, add
 * the first 2 tags' products, else try every tag; if still nothing, the look's gender (50);
 * then the first 6 distinct products.
 *
 * The calls of one step run side by side and are read in order, which gives the same products
 * as one after another, sooner. Each category asks for its share of the 6 (2 of a look's 3), so
 * the look shows every one of its categories instead of 6 of the first; the tags, which fill in
 * when categories are thin, ask for 6 (LOOK_MAX_PRODUCTS).
 */
export async function fetchLookProducts(look: Look, signal?: AbortSignal): Promise<Product[]> {
  const params = { gender: look.gender, limit: LOOK_MAX_PRODUCTS };
  const share = Math.ceil(LOOK_MAX_PRODUCTS / Math.max(1, look.categories.length));
  const byCategory = await listsOf(
    look.categories.map((category) =>
      getProductsByCategory(category, { ...params, limit: share }, signal),
    ),
    signal,
  );
  const categoryHit = byCategory.some((list) => list.length > 0);
  const tags = categoryHit ? look.tags.slice(0, LOOK_TAGS_AFTER_CATEGORIES) : look.tags;
  const byTag = await listsOf(
    tags.map((tag) => getProductsByTag(tag, params, signal)),
    signal,
  );
  let products = [...byCategory, ...byTag].flat();
  if (products.length === 0) {
    const [fallback = []] = await listsOf(
      [getProducts({ gender: look.gender, limit: LOOK_FALLBACK_LIMIT }, signal)],
      signal,
    );
    products = fallback;
  }
  return firstUnique(products, LOOK_MAX_PRODUCTS);
}

export const lookKeys = {
  all: ['looks'] as const,
  products: (lookId: LookId) => [...lookKeys.all, 'products', lookId] as const,
};

export const lookQueries = {
  products: (lookId: LookId) =>
    queryOptions({
      queryKey: lookKeys.products(lookId),
      queryFn: ({ signal }) => fetchLookProducts(LOOKS[lookId], signal),
    }),
};

export function useLookProducts(lookId: LookId) {
  return useQuery(lookQueries.products(lookId));
}
