import { useMemo, useState } from 'react';
import { CATEGORY_CHIPS_MAX } from '@/config/app';
import type { Product } from '@/lib/product';
import { firstCategories, inSelectedCategories } from '../utils/categories';

/**
 * The category chips of Hot Deals and Special Offers (000 §2.8, §2.10): the first 5 distinct
 * categories of the loaded products, multi-select, filtering on the client.
 */
export function useCategoryFilter(products: readonly Product[] | undefined) {
  const [picked, setPicked] = useState<readonly string[]>([]);
  const categories = useMemo(
    () => firstCategories(products ?? [], CATEGORY_CHIPS_MAX),
    [products],
  );
  // In chip order, and only chips that are still there after a refetch.
  const selected = useMemo(
    () => categories.filter((category) => picked.includes(category)),
    [categories, picked],
  );
  const visible = useMemo(
    () => inSelectedCategories(products ?? [], selected),
    [products, selected],
  );
  const toggle = (category: string) =>
    setPicked((current) =>
      current.includes(category)
        ? current.filter((name) => name !== category)
        : [...current, category],
    );
  return { categories, selected, visible, toggle };
}
