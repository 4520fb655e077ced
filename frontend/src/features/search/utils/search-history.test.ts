import { describe, expect, it } from 'vitest';
import { readSearchHistory, withSearch, writeSearchHistory, type PastSearch } from './search-history';

const past = (query: string, timestamp: number): PastSearch => ({ query, timestamp });

describe('search history (000 §3, §9)', () => {
  it('puts the newest first and keeps one entry per query, ignoring case and spaces', () => {
    const history = [past('jeans', 2), past('hoodie', 1)];
    expect(withSearch(history, '  Hoodie ', 3)).toEqual([past('Hoodie', 3), past('jeans', 2)]);
  });

  it('keeps at most 10', () => {
    const history = Array.from({ length: 10 }, (_, index) => past(`q${index}`, 10 - index));
    const next = withSearch(history, 'new', 11);
    expect(next).toHaveLength(10);
    expect(next[0]).toEqual(past('new', 11));
    expect(next.at(-1)).toEqual(past('q8', 2));
  });

  it("round-trips through localStorage 'searchHistory' and drops what it cannot read", () => {
    writeSearchHistory([past('jeans', 5)]);
    expect(JSON.parse(window.localStorage.getItem('searchHistory')!)).toEqual([past('jeans', 5)]);

    window.localStorage.setItem(
      'searchHistory',
      JSON.stringify([past('old', 1), { query: 3 }, past('  ', 9), past('new', 7)]),
    );
    expect(readSearchHistory()).toEqual([past('new', 7), past('old', 1)]);

    window.localStorage.setItem('searchHistory', '{broken');
    expect(readSearchHistory()).toEqual([]);
  });

  it('removes the key when cleared', () => {
    writeSearchHistory([past('jeans', 5)]);
    writeSearchHistory([]);
    expect(window.localStorage.getItem('searchHistory')).toBeNull();
  });
});
