// Wire shapes of the catalogue as the API sends them (000 §3, 001 §3). Be liberal: the
// specification allows a brand or category to be a bare string and a price in several forms.

/** A money amount as a number, a numeric string or a MongoDB-style decimal object. */
export type WireDecimal = number | string | { $numberDecimal: string };

export interface BrandRef {
  _id: string;
  name: string;
  logo_url?: string | null;
}

export interface CategoryRef {
  _id: string;
  name: string;
}

export type CouponDiscountType = 'percentage' | 'fixed';

export interface AssignedCoupon {
  coupon_code: string;
  discount_type: CouponDiscountType;
  /** Rupees for `fixed`, a percentage for `percentage`. */
  discount_value: WireDecimal;
  max_discount_amount?: WireDecimal | null;
  is_currently_valid: boolean;
}

export interface ProductSpecifications {
  pattern?: string;
  length?: string;
  fabric?: string;
  sleeveLength?: string;
  fit?: string;
  distress?: string;
}

export interface Product {
  _id: string;
  name: string;
  description?: string;
  price: WireDecimal;
  currency?: string;
  offerPercentage?: number | null;
  images?: string[];
  brand?: BrandRef | string | null;
  category?: CategoryRef[] | CategoryRef | string | null;
  sizes?: string[];
  stock?: Record<string, number>;
  tags?: string[];
  gender?: string;
  colour?: string;
  specifications?: ProductSpecifications;
  assigned_coupon?: AssignedCoupon | null;
  createdAt?: string;
}

/** The fields the display-price rule reads (000 §4). */
export type PricedProduct = Pick<Product, 'price' | 'offerPercentage' | 'assigned_coupon'>;

export function brandName(product: Pick<Product, 'brand'>): string {
  const { brand } = product;
  if (typeof brand === 'string') return brand;
  return brand?.name ?? '';
}

/** 'Urban Dhaaga' -> 'UD': initials of the first two words, shown without a logo (000 §2.6). */
export function brandInitials(name: string): string {
  return name
    .split(/\s+/u)
    // A word is counted from its first letter or digit, so '&' in 'Loom & Co' is no word.
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toLocaleUpperCase('en-IN');
}

/** The first image is the one shown (000 §3); undefined means "use the placeholder". */
export function firstImage(product: Pick<Product, 'images'>): string | undefined {
  return product.images?.find((url) => typeof url === 'string' && url.length > 0);
}

/** The products of pages loaded one after another, each once: a later page may repeat a
 * product when the catalogue changed between the two requests. */
export function uniquePages(pages: readonly (readonly Product[])[]): Product[] {
  const seen = new Set<string>();
  return pages.flat().filter((product) => !seen.has(product._id) && seen.add(product._id));
}
