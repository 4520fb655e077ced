import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '@/api/admin-types';
import { movedOrder, treeOf } from './category-tree';

const cat = (id: string, position: number, parent: string | null = null, gender = 'female') =>
  ({
    _id: id,
    name: id,
    gender,
    parentCategory: parent ? { _id: parent, name: parent } : null,
    image: '',
    position,
    version: 1,
    productCount: 0,
  }) as AdminCategory;

describe('the category tree', () => {
  it("groups one gender's roots and children in display order", () => {
    const tree = treeOf(
      [cat('b', 1), cat('a', 0), cat('a2', 1, 'a'), cat('a1', 0, 'a'), cat('m', 0, null, 'male')],
      'female',
    );
    expect(tree.map((n) => [n.category._id, n.children.map((c) => c._id)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', []],
    ]);
  });

  it('moves a sibling up or down, and not past an edge', () => {
    const siblings = [cat('a', 0), cat('b', 1), cat('c', 2)];
    expect(movedOrder(siblings, 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(siblings, 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(movedOrder(siblings, 'a', -1)).toBeNull();
    expect(movedOrder(siblings, 'c', 1)).toBeNull();
  });
});
