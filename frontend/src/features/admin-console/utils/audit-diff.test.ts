import { describe, expect, it } from 'vitest';
import { changesOf } from './audit-diff';

describe('the audit diff', () => {
  it('lists only the keys that changed', () => {
    expect(
      changesOf(
        { name: 'Urban Loom', isActive: true, tags: ['a'], version: 1 },
        { name: 'Urban Loom', isActive: false, tags: ['a', 'b'], version: 2 },
      ),
    ).toEqual([
      { key: 'isActive', before: 'true', after: 'false' },
      { key: 'tags', before: '["a"]', after: '["a","b"]' },
      { key: 'version', before: '1', after: '2' },
    ]);
  });

  it('shows every key of a created or removed record', () => {
    expect(changesOf(null, { name: 'Tops' })).toEqual([
      { key: 'name', before: null, after: 'Tops' },
    ]);
    expect(changesOf({ name: 'Tops' }, null)).toEqual([
      { key: 'name', before: 'Tops', after: null },
    ]);
  });

  it('tells a key that appeared from one set to null', () => {
    expect(changesOf({ a: null }, { a: null, b: 1 })).toEqual([
      { key: 'b', before: null, after: '1' },
    ]);
  });
});
