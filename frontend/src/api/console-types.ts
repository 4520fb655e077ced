// The brand console's wire shapes (docs/http-api.md, "The consoles"). What the server answers
// comes from the generated schema, so a renamed field breaks the build instead of a screen; what
// the console sends is written here, narrower than the server accepts.
import type { components } from './schema';

type Schemas = components['schemas'];

export type Decimal = Schemas['Decimal'];
export type ConsoleImage = Schemas['ImageSetEntry'];
export type Specifications = Schemas['Specifications'];
export type ProductGender = 'male' | 'female' | 'unisex';
export type ConsoleProduct = Schemas['ConsoleProduct'];
export type ProductList = Schemas['ProductList'];

export type ProductStatus = 'active' | 'archived';
export type ProductSort = 'newest' | 'oldest' | 'name' | 'price-low' | 'price-high';

export interface ProductQuery {
  search?: string;
  status?: ProductStatus;
  page?: number;
  limit?: number;
  sort?: ProductSort;
  brandId?: string;
}

export interface ProductInput {
  name: string;
  description: string;
  price: string;
  gender: ProductGender;
  category: string[];
  tags: string[];
  color: string;
  specifications: Specifications;
  sizes: string[];
  stock: Record<string, number>;
  offerPercentage?: number;
  /** A coupon id of the product's brand; null takes the assigned one away. */
  assignedCoupon?: string | null;
  isActive?: boolean;
  brandId?: string;
}

export type ImportReport = Schemas['ImportReport'];

export type DiscountType = 'percentage' | 'flat';

export type ConsoleCoupon = Schemas['ConsoleCoupon'];

export interface CouponInput {
  coupon_code: string;
  title: string;
  discount_type: DiscountType;
  discount_value: number;
  max_discount_amount: number | null;
  min_order_value: number;
  valid_from: string;
  valid_until: string | null;
  usage_limit: number | null;
  per_user_limit: number | null;
  products: string[];
  is_active: boolean;
  brandId?: string;
}
