import type { AdminCategory, AdminGender } from '@/api/admin-types';

export interface CategoryNode {
  category: AdminCategory;
  children: AdminCategory[];
}

const byPosition = (a: AdminCategory, b: AdminCategory) =>
  a.position - b.position || a.name.localeCompare(b.name);

/** One gender's tree: its top-level categories in display order, each with its children. */
export function treeOf(categories: readonly AdminCategory[], gender: AdminGender): CategoryNode[] {
  const roots = categories.filter((c) => c.parentCategory === null && c.gender === gender);
  return [...roots].sort(byPosition).map((category) => ({
    category,
    children: categories
      .filter((c) => c.parentCategory?._id === category._id)
      .sort(byPosition),
  }));
}

/** The siblings' ids with `id` moved one place up (-1) or down (+1); null at an edge. */
export function movedOrder(
  siblings: readonly AdminCategory[],
  id: string,
  delta: -1 | 1,
): string[] | null {
  const ids = siblings.map((c) => c._id);
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
