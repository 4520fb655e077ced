// The brand console's wire shapes (docs/http-api.md, "The consoles"), written by hand in one
// place so they can be switched to the generated schema types.

export interface Decimal {
  $numberDecimal: string;
}

export interface ConsoleImage {
  _id: string;
  url: string;
  srcset?: string | null;
}

export interface Specifications {
  pattern: string;
  length: string;
  fabric: string;
  sleeveLength: string;
  fit: string;
  distress: string;
}

export type ProductGender = 'male' | 'female' | 'unisex';

export interface ConsoleProduct {
  _id: string;
  name: string;
  description: string;
  price: Decimal;
  gender: ProductGender;
  category: ({ _id: string; name?: string } | string)[];
  tags: string[];
  color: string;
  specifications: Specifications;
  sizes: string[];
  stock: Record<string, number>;
  offerPercentage?: number | null;
  assignedCoupon?: string | null;
  images: string[];
  imageSet: ConsoleImage[];
  version: number;
  isActive: boolean;
  archived: boolean;
  archivedAt: string | null;
}

export interface ProductList {
  success: boolean;
  products: ConsoleProduct[];
  total: number;
  page: number;
  limit: number;
}

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
  isActive?: boolean;
  brandId?: string;
}

export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

export interface ImportReport {
  success: boolean;
  created: number;
  updated: number;
  failed: number;
  errors: ImportRowError[];
}

export type DiscountType = 'percentage' | 'flat';

export interface ConsoleCoupon {
  _id: string;
  coupon_code: string;
  title: string;
  discount_type: DiscountType;
  discount_value: number;
  max_discount_amount: Decimal | null;
  min_order_value: Decimal;
  valid_from: string;
  valid_until: string | null;
  usage_limit: number | null;
  per_user_limit: number | null;
  times_used: number;
  products: string[];
  is_active: boolean;
  is_currently_valid: boolean;
  brand: { _id: string; name: string };
  version: number;
}

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
