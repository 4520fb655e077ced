// The bag (cart) calls, docs/http-api.md "Bag". They live in src/api, not in features/bag, because
// the bottom navigation's badge, the brand-conflict dialog over the shell and every add-to-bag
// button (brand page, curated list, product page) use them, and shared code never imports a
// feature (eslint/boundaries.js). Every call answers the whole bag.

import type { QueryClient } from '@tanstack/react-query';
import { api, ApiError } from './client';
import { isNamed, isRecord, unexpectedResponse } from './guards';
import type { WireDecimal } from '@/lib/product';
import type { components } from './schema';

type Schemas = components['schemas'];

/** 001 §9: an add without a size choice asks for M, one at a time. */
export const DEFAULT_SIZE = 'M';
export const DEFAULT_QUANTITY = 1;
/** The most one line may hold (docs/http-api.md, Bag). */
export const MAX_LINE_QUANTITY = 99;

/** What checkout receives from the bag's 'Proceed to Checkout' (001 §2 Bag). */
export interface BagCheckoutState {
  bagItems: BagItem[];
  /** The bag's `totalAmount`: rupees, exact, as the server gave it. */
  total: WireDecimal;
  directBuy: false;
}

export type BagBrand = Schemas['Named'];
/** A line's product, as the bag answers it (001 §3 Cart item). */
export type BagProduct = Schemas['ItemProduct'];
/** `priceAtAdd` is one item's price when the line was first added, `unitPrice` today's. */
export type BagItem = Schemas['Item'];
/** `brand` is the brand of everything in the bag; null when it is empty. */
export type Bag = Schemas['Cart'];

/** An add: the product, its size and how many (`quantity` defaults to 1 on the server). */
export interface BagLineRequest {
  productId: string;
  size: string;
  quantity?: number;
}

export const BRAND_CONFLICT_CODE = 'BRAND_CONFLICT';
export const NOT_ENOUGH_STOCK_CODE = 'NOT_ENOUGH_STOCK';

/**
 * 409 BRAND_CONFLICT: the bag holds another brand's items, and nothing changed. The shell's
 * dialog offers to switch (001 §2 Bag, §4).
 */
export class BrandConflictError extends ApiError {
  readonly currentBrand: BagBrand;
  readonly newBrand: BagBrand;

  constructor(source: ApiError, currentBrand: BagBrand, newBrand: BagBrand) {
    super(source.status, source.code, source.error, source.retryAfter, source.body);
    this.name = 'BrandConflictError';
    this.currentBrand = currentBrand;
    this.newBrand = newBrand;
  }
}

export const bagKeys = {
  all: ['bag'] as const,
  /** One shopper's bag: a sign-out never shows the last shopper's bag from the cache. */
  detail: (userId: string) => [...bagKeys.all, 'detail', userId] as const,
  /** Every change, whoever started it, so a line's busy flag is the same everywhere. */
  changes: () => [...bagKeys.all, 'change'] as const,
};

const segment = encodeURIComponent;

const isBrand = (value: unknown): value is BagBrand => isNamed(value);

function isItem(value: unknown): value is BagItem {
  return (
    isRecord(value) &&
    isRecord(value.product) &&
    typeof value.product._id === 'string' &&
    typeof value.size === 'string' &&
    typeof value.quantity === 'number'
  );
}

/** Checks the answer's shape; a line missing its product or size is left out. */
export function parseBag(value: unknown): Bag {
  if (!isRecord(value) || !Array.isArray(value.items) || typeof value.totalItems !== 'number') {
    throw unexpectedResponse();
  }
  return {
    items: value.items.filter(isItem),
    totalAmount: (value.totalAmount ?? 0) as Bag['totalAmount'],
    totalItems: value.totalItems,
    brand: isBrand(value.brand) ? value.brand : null,
    priceChanged: value.priceChanged === true,
  };
}

/** A BRAND_CONFLICT answer becomes a BrandConflictError carrying both brands. */
function typed(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.code !== BRAND_CONFLICT_CODE) return error;
  const { currentBrand, newBrand } = error.body;
  if (!isBrand(currentBrand) || !isBrand(newBrand)) return error;
  return new BrandConflictError(
    error,
    { _id: currentBrand._id, name: currentBrand.name },
    { _id: newBrand._id, name: newBrand.name },
  );
}

async function bagCall(call: Promise<unknown>): Promise<Bag> {
  let answer: unknown;
  try {
    answer = await call;
  } catch (error) {
    throw typed(error);
  }
  return parseBag(answer);
}

/** GET /cart: the caller's bag. */
export function getBag(signal?: AbortSignal): Promise<Bag> {
  return bagCall(api.get<unknown>('/cart', { signal }));
}

/** POST /cart/items: adds the quantity to the line of that product and size. */
export function addToBag({ productId, size, quantity = DEFAULT_QUANTITY }: BagLineRequest) {
  return bagCall(api.post<unknown>('/cart/items', { productId, size, quantity }));
}

/** POST /cart/switch-brand: empties the bag and adds, in one go (the dialog's 'Switch to'). */
export function switchBrand({ productId, size, quantity = DEFAULT_QUANTITY }: BagLineRequest) {
  return bagCall(api.post<unknown>('/cart/switch-brand', { productId, size, quantity }));
}

/** PUT /cart/items/{productId}/{size}: sets the line's quantity; 0 takes the line out. */
export function setBagQuantity(productId: string, size: string, quantity: number) {
  return bagCall(api.put<unknown>(`/cart/items/${segment(productId)}/${segment(size)}`, { quantity }));
}

/** DELETE /cart/items/{productId}/{size}: takes the line out. */
export function removeFromBag(productId: string, size: string) {
  return bagCall(api.delete<unknown>(`/cart/items/${segment(productId)}/${segment(size)}`));
}

/** DELETE /cart: empties the bag ('Clear All'). */
export function clearBag() {
  return bagCall(api.delete<unknown>('/cart'));
}

/**
 * The size an add without a size picker asks for (001 §2 Curated list: 'size M'): M when the
 * product comes in it, else its first size, else M (the server then says it has no such size).
 */
export function defaultSizeOf(sizes: readonly string[] | null | undefined): string {
  if (!sizes || sizes.length === 0 || sizes.includes(DEFAULT_SIZE)) return DEFAULT_SIZE;
  return sizes[0] ?? DEFAULT_SIZE;
}

/** The most a line may hold: what is left of the size, and never above 99. */
export function lineQuantityLimit(item: Pick<BagItem, 'inStock'>): number {
  return Math.min(Math.max(0, item.inStock), MAX_LINE_QUANTITY);
}

/** Puts a call's answer, the whole bag, into the cache. */
export function bagAnswered(queryClient: QueryClient, userId: string, bag: Bag): void {
  queryClient.setQueryData<Bag>(bagKeys.detail(userId), bag);
}
