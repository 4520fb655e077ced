import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { LOOKS, type Look } from '@/config/looks';
import type { Product } from '@/lib/product';
import { server } from '@/testing/mocks/server';
import { navyTee } from '@/testing/mocks/fixtures';
import { fetchLookProducts } from './get-look-products';

const product = (id: string): Product => ({ ...navyTee, _id: id, name: id });
const products = (...ids: string[]) => ids.map(product);

type Lists = Record<string, Product[] | 'fail'>;

/**
 * Answers the category, tag and gender calls from `lists` (keys 'category:Hoodies',
 * 'tag:casual', 'gender') and records each call as such a key with its gender.
 */
function catalogue(lists: Lists) {
  const calls: string[] = [];
  const answer = (key: string, params: URLSearchParams) => {
    calls.push(`${key} (${params.get('gender')}, limit ${params.get('limit')})`);
    const list = lists[key] ?? [];
    return list === 'fail'
      ? HttpResponse.json({ error: 'down', code: 'INTERNAL' }, { status: 500 })
      : HttpResponse.json(list);
  };
  const query = (request: Request) => new URL(request.url).searchParams;
  server.use(
    http.get('*/api/products/category', ({ request }) =>
      answer(`category:${query(request).get('category')}`, query(request)),
    ),
    http.get('*/api/products/tag', ({ request }) =>
      answer(`tag:${query(request).get('tag')}`, query(request)),
    ),
    http.get('*/api/products', ({ request }) => answer('gender', query(request))),
  );
  return calls;
}

const ids = (list: Product[]) => list.map((item) => item._id);

describe('look page products (001 §7)', () => {
  const streetwear = LOOKS.streetwear;

  it('takes the categories in turn, then the first 2 tags, and keeps the first 6 distinct', async () => {
    const calls = catalogue({
      'category:Oversized T-shirt': products('a', 'b'),
      'category:Cargos & Parachutes': [],
      'category:Hoodies': products('b', 'c'),
      'tag:streetwear': products('d', 'a', 'e'),
      'tag:casual': products('f', 'g'),
    });
    expect(ids(await fetchLookProducts(streetwear))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(calls).toEqual([
      'category:Oversized T-shirt (male, limit 2)',
      'category:Cargos & Parachutes (male, limit 2)',
      'category:Hoodies (male, limit 2)',
      'tag:streetwear (male, limit 6)',
      'tag:casual (male, limit 6)',
    ]);
  });

  it('asks for the look gender', async () => {
    const calls = catalogue({ 'category:Dresses': products('a') });
    await fetchLookProducts(LOOKS.party);
    expect(calls[0]).toBe('category:Dresses (female, limit 2)');
  });

  it('tries every tag when no category has products', async () => {
    const threeTags: Look = { ...streetwear, tags: ['streetwear', 'casual', 'black'] };
    const calls = catalogue({ 'tag:black': products('z') });
    expect(ids(await fetchLookProducts(threeTags))).toEqual(['z']);
    expect(calls.slice(3)).toEqual([
      'tag:streetwear (male, limit 6)',
      'tag:casual (male, limit 6)',
      'tag:black (male, limit 6)',
    ]);
  });

  it('only the first 2 tags after a category hit', async () => {
    const threeTags: Look = { ...streetwear, tags: ['streetwear', 'casual', 'black'] };
    const calls = catalogue({ 'category:Hoodies': products('h') });
    await fetchLookProducts(threeTags);
    expect(calls.filter((call) => call.startsWith('tag:'))).toEqual([
      'tag:streetwear (male, limit 6)',
      'tag:casual (male, limit 6)',
    ]);
  });

  it("falls back to the look's gender, 50 products, when nothing matched", async () => {
    const many = Array.from({ length: 10 }, (_, index) => product(`g${index}`));
    const calls = catalogue({ gender: many });
    expect(ids(await fetchLookProducts(streetwear))).toEqual(ids(many.slice(0, 6)));
    expect(calls.at(-1)).toBe('gender (male, limit 50)');
    expect(calls).toHaveLength(6);
  });

  it('tolerates failing category and tag calls', async () => {
    const calls = catalogue({
      'category:Oversized T-shirt': 'fail',
      'category:Cargos & Parachutes': products('c'),
      'category:Hoodies': 'fail',
      'tag:streetwear': 'fail',
      'tag:casual': products('t'),
    });
    expect(ids(await fetchLookProducts(streetwear))).toEqual(['c', 't']);
    expect(calls).not.toContain('gender (male, limit 50)');
  });

  it('gives nothing when every call fails', async () => {
    catalogue({
      'category:Oversized T-shirt': 'fail',
      'category:Cargos & Parachutes': 'fail',
      'category:Hoodies': 'fail',
      'tag:streetwear': 'fail',
      'tag:casual': 'fail',
      gender: 'fail',
    });
    await expect(fetchLookProducts(streetwear)).resolves.toEqual([]);
  });
});
