import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { bagOf } from '@/testing/mocks/bag-handlers';
import { cargoPants, navyTee } from '@/testing/mocks/fixtures';
import { server } from '@/testing/mocks/server';
import { ApiError } from './client';
import {
  addToBag,
  BrandConflictError,
  clearBag,
  defaultSizeOf,
  getBag,
  lineQuantityLimit,
  parseBag,
  removeFromBag,
  setBagQuantity,
  switchBrand,
} from './bag';

const teeBag = () => bagOf([{ product: navyTee, size: 'L', quantity: 2 }]);

/** Answers every bag call with `body` and records what was asked. */
function recordCalls(answer: () => Response = () => HttpResponse.json(teeBag())) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const record = async ({ request }: { request: Request }) => {
    const text = await request.text();
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
    return answer();
  };
  server.use(
    http.get('*/api/cart', record),
    http.post('*/api/cart/*', record),
    http.put('*/api/cart/*', record),
    http.delete('*/api/cart', record),
    http.delete('*/api/cart/*', record),
  );
  return calls;
}

describe('bag API (docs/http-api.md, Bag)', () => {
  it('reads the bag with its lines, totals and brand', async () => {
    recordCalls();
    const bag = await getBag();
    expect(bag.totalItems).toBe(2);
    expect(bag.totalAmount).toEqual({ $numberDecimal: '2078.40' });
    expect(bag.brand).toEqual({ _id: 'b1', name: 'Urban Dhaaga' });
    expect(bag.items).toHaveLength(1);
    expect(bag.items[0]).toMatchObject({
      size: 'L',
      quantity: 2,
      unitPrice: { $numberDecimal: '1039.20' },
      lineTotal: { $numberDecimal: '2078.40' },
      priceChanged: false,
      inStock: 12,
    });
  });

  it('sends each change to its path with its body', async () => {
    const calls = recordCalls();
    await addToBag({ productId: navyTee._id, size: 'L' });
    await switchBrand({ productId: cargoPants._id, size: '30', quantity: 2 });
    await setBagQuantity(navyTee._id, 'L', 3);
    await removeFromBag(navyTee._id, 'L');
    await clearBag();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/cart/items', body: { productId: navyTee._id, size: 'L', quantity: 1 } },
      { method: 'POST', path: '/api/cart/switch-brand', body: { productId: cargoPants._id, size: '30', quantity: 2 } },
      { method: 'PUT', path: `/api/cart/items/${navyTee._id}/L`, body: { quantity: 3 } },
      { method: 'DELETE', path: `/api/cart/items/${navyTee._id}/L`, body: undefined },
      { method: 'DELETE', path: '/api/cart', body: undefined },
    ]);
  });

  it('escapes a size in the path', async () => {
    const calls = recordCalls();
    await setBagQuantity('p/1', 'XL/2', 0);
    expect(calls[0]!.path).toBe('/api/cart/items/p%2F1/XL%2F2');
  });

  it('turns BRAND_CONFLICT into an error carrying both brands', async () => {
    recordCalls(() =>
      HttpResponse.json(
        {
          error: 'Your bag has items from Snitch. Switch to Bewakoof?',
          code: 'BRAND_CONFLICT',
          currentBrand: { _id: 'b9', name: 'Snitch' },
          newBrand: { _id: 'b8', name: 'Bewakoof' },
        },
        { status: 409 },
      ),
    );
    const error = await addToBag({ productId: 'p', size: 'M' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BrandConflictError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'BRAND_CONFLICT',
      message: 'Your bag has items from Snitch. Switch to Bewakoof?',
      currentBrand: { _id: 'b9', name: 'Snitch' },
      newBrand: { _id: 'b8', name: 'Bewakoof' },
    });
  });

  it('leaves a BRAND_CONFLICT without its brands a plain ApiError', async () => {
    recordCalls(() =>
      HttpResponse.json({ error: 'Conflict.', code: 'BRAND_CONFLICT' }, { status: 409 }),
    );
    const error = await addToBag({ productId: 'p', size: 'M' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(BrandConflictError);
  });

  it("keeps NOT_ENOUGH_STOCK's message and available count", async () => {
    recordCalls(() =>
      HttpResponse.json(
        { error: 'Only 3 left in size M.', code: 'NOT_ENOUGH_STOCK', available: 3 },
        { status: 422 },
      ),
    );
    const error = await setBagQuantity('p', 'M', 4).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'NOT_ENOUGH_STOCK', message: 'Only 3 left in size M.' });
    expect((error as ApiError).body.available).toBe(3);
  });

  it('refuses an answer that is not a bag', async () => {
    recordCalls(() => HttpResponse.json([]));
    await expect(getBag()).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });
});

describe('parseBag', () => {
  it('drops lines without a product or size, and reads a missing brand as none', () => {
    const bag = parseBag({
      items: [teeBag().items[0], { size: 'M', quantity: 1 }, { product: { _id: 'x' }, quantity: 1 }],
      totalAmount: { $numberDecimal: '0.00' },
      totalItems: 2,
    });
    expect(bag.items).toHaveLength(1);
    expect(bag.brand).toBeNull();
    expect(bag.priceChanged).toBe(false);
  });
});

describe('defaultSizeOf (001 §2 Curated list, §9: size M)', () => {
  it.each([
    [['S', 'M', 'L'], 'M'],
    [['30', '32'], '30'],
    [[], 'M'],
    [undefined, 'M'],
  ])('picks %j -> %s', (sizes, expected) => {
    expect(defaultSizeOf(sizes)).toBe(expected);
  });
});

describe('lineQuantityLimit', () => {
  it('is the stock of the size, never above 99', () => {
    expect(lineQuantityLimit({ inStock: 7 })).toBe(7);
    expect(lineQuantityLimit({ inStock: 250 })).toBe(99);
    expect(lineQuantityLimit({ inStock: 0 })).toBe(0);
  });
});
