// Typed calls of the catalogue and discovery API (docs/http-api.md), over the one client in
// client.ts. Answers are checked for their shape here, so screens get typed lists or an ApiError.

import { api } from './client';
import { hasId, isRecord, unexpectedResponse } from './guards';
import type {
  Brand,
  Category,
  Gender,
  GenderFilter,
  StaticImage,
  StaticImageCategory,
  StaticImageDevice,
} from './catalogue-types';
import type { Product } from './types';

export type ProductSort = 'newest' | 'price-low' | 'price-high' | 'name';

/** The offer pages' price rules (000 §5): from ₹499, from ₹799, under ₹1,299, under ₹899. */
export type OfferKind = 'starting' | 'starting-women' | 'under1299' | 'under899';

/** The list parameters every product-list call takes (docs/http-api.md, "Product lists"). */
export interface ProductListParams {
  gender?: GenderFilter;
  /** Rupees, inclusive, compared with the plain price. */
  minPrice?: number;
  maxPrice?: number;
  /** 1 to 200; the server's default is 50. */
  limit?: number;
  /** From 1. */
  page?: number;
  /** Product ids to leave out; sent comma-separated. */
  exclude?: readonly string[];
  sort?: ProductSort;
  /** Products whose offerPercentage equals this whole number, or `any` offer above 0. */
  discount?: number | 'any';
  offer?: OfferKind;
}

export interface SearchParams {
  query: string;
  limit?: number;
  gender?: GenderFilter;
}

export interface SuggestionParams {
  limit?: number;
  gender?: GenderFilter;
}

export interface BrandListParams {
  gender?: GenderFilter;
  page?: number;
  limit?: number;
  /** Keeps brands whose name contains this text, ignoring case. */
  search?: string;
}

export interface StaticImageParams {
  /** Defaults to true: the shop shows only active images (000 §9). */
  isActive?: boolean;
  category?: StaticImageCategory;
  device?: StaticImageDevice;
  search?: string;
  limit?: number;
}

/** A bare array, or the array under `key` of a wrapper object; anything else is an error. */
function listIn(data: unknown, key: string): unknown[] {
  if (Array.isArray(data)) return data;
  if (isRecord(data) && Array.isArray(data[key])) return data[key];
  throw unexpectedResponse();
}

// Entries without a string _id are dropped: every screen keys and links by _id.
function entitiesIn<T extends { _id: string }>(data: unknown, key: string): T[] {
  return listIn(data, key).filter(hasId) as T[];
}

/** One entity, bare or under `key` (`{"success": true, "image": {...}}`). */
function entityIn<T extends { _id: string }>(data: unknown, key: string): T {
  if (hasId(data)) return data as T;
  if (isRecord(data) && hasId(data[key])) return data[key] as T;
  throw unexpectedResponse();
}

/** A product list as a bare array or `{products: [...]}` (000 §7). */
export function readProductList(data: unknown): Product[] {
  return entitiesIn<Product>(data, 'products');
}

function listQuery(params: ProductListParams) {
  const { exclude, ...rest } = params;
  return { ...rest, exclude: exclude && exclude.length > 0 ? exclude.join(',') : undefined };
}

async function productList(
  path: string,
  params: ProductListParams,
  extra: Record<string, string>,
  signal?: AbortSignal,
): Promise<Product[]> {
  const data = await api.get<unknown>(path, { query: { ...extra, ...listQuery(params) }, signal });
  return readProductList(data);
}

/** Ids and names go into paths encoded, so a '/' or '?' in them cannot change the path. */
const segment = encodeURIComponent;

/** GET /products: the catalogue, filtered. */
export function getProducts(params: ProductListParams = {}, signal?: AbortSignal) {
  return productList('/products', params, {}, signal);
}

/** GET /products/brand/{id}: a brand's products; 404 'Brand not found'. */
export function getProductsByBrand(
  brandId: string,
  params: ProductListParams = {},
  signal?: AbortSignal,
) {
  return productList(`/products/brand/${segment(brandId)}`, params, {}, signal);
}

/** GET /products/category: products of a category given by id or name. */
export function getProductsByCategory(
  category: string,
  params: ProductListParams = {},
  signal?: AbortSignal,
) {
  return productList('/products/category', params, { category }, signal);
}

/** GET /products/tag: products carrying a tag, ignoring case. */
export function getProductsByTag(
  tag: string,
  params: ProductListParams = {},
  signal?: AbortSignal,
) {
  return productList('/products/tag', params, { tag }, signal);
}

/** GET /products/id/{id}: one product; 404 'Product not found.'. */
export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const data = await api.get<unknown>(`/products/id/${segment(id)}`, { signal });
  return entityIn<Product>(data, 'product');
}

/** POST /products/search: products ranked by relevance; a blank query is a 400. */
export async function searchProducts(
  { query, limit, gender }: SearchParams,
  signal?: AbortSignal,
): Promise<Product[]> {
  const data = await api.post<unknown>('/products/search', { query, limit, gender }, { signal });
  return readProductList(data);
}

/** GET /products/suggestions: live suggestions; the server answers [] below 2 characters. */
export async function getSuggestions(
  q: string,
  { limit, gender }: SuggestionParams = {},
  signal?: AbortSignal,
): Promise<Product[]> {
  const query = { q, limit, gender };
  return readProductList(await api.get<unknown>('/products/suggestions', { query, signal }));
}

/** GET /products/popular-searches: 6 search words (the server falls back to fixed ones). */
export async function getPopularSearches(signal?: AbortSignal): Promise<string[]> {
  const data = await api.get<unknown>('/products/popular-searches', { signal });
  return listIn(data, 'searches').filter((word): word is string => typeof word === 'string');
}

/** GET /brands: active brands by name; more pages exist only when a page came back full. */
export async function getBrands(
  params: BrandListParams = {},
  signal?: AbortSignal,
): Promise<Brand[]> {
  const data = await api.get<unknown>('/brands', { query: { ...params }, signal });
  return entitiesIn<Brand>(data, 'brands');
}

/** GET /brands/{id}: one active brand; 404 'Brand not found'. */
export async function getBrand(id: string, signal?: AbortSignal): Promise<Brand> {
  const data = await api.get<unknown>(`/brands/${segment(id)}`, { signal });
  return entityIn<Brand>(data, 'brand');
}

/** GET /categories/gender/{gender}: top-level categories first, in display order. */
export async function getCategoriesByGender(
  gender: Gender,
  signal?: AbortSignal,
): Promise<Category[]> {
  const data = await api.get<unknown>(`/categories/gender/${segment(gender)}`, { signal });
  return entitiesIn<Category>(data, 'categories');
}

/** GET /categories/admin/all: every category, men's, women's, then unisex. */
export async function getAllCategories(signal?: AbortSignal): Promise<Category[]> {
  const data = await api.get<unknown>('/categories/admin/all', { signal });
  return entitiesIn<Category>(data, 'categories');
}

// 000 §7: `device` is left out when it is 'all'.
const deviceQuery = (device?: StaticImageDevice) => (device === 'all' ? undefined : device);

/** GET /admin/static-images/category/{category}: the active images of one place. */
export async function getStaticImagesByCategory(
  category: StaticImageCategory,
  { device }: { device?: StaticImageDevice } = {},
  signal?: AbortSignal,
): Promise<StaticImage[]> {
  const data = await api.get<unknown>(`/admin/static-images/category/${segment(category)}`, {
    query: { isActive: true, device: deviceQuery(device) },
    signal,
  });
  return entitiesIn<StaticImage>(data, 'images');
}

/** GET /admin/static-images: images filtered by category, device and title. */
export async function getStaticImages(
  { isActive = true, device, ...rest }: StaticImageParams = {},
  signal?: AbortSignal,
): Promise<StaticImage[]> {
  const data = await api.get<unknown>('/admin/static-images', {
    query: { ...rest, isActive, device: deviceQuery(device) },
    signal,
  });
  return entitiesIn<StaticImage>(data, 'images');
}

/** GET /admin/static-images/{id}: one image; 404 'Image not found'. */
export async function getStaticImage(id: string, signal?: AbortSignal): Promise<StaticImage> {
  const data = await api.get<unknown>(`/admin/static-images/${segment(id)}`, { signal });
  return entityIn<StaticImage>(data, 'image');
}
