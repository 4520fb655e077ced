// The product editor's field rules, as the server checks them (docs/http-api.md, Console
// products), so a form says what is wrong while it is typed. Keys are the wire names.
import type { ProductGender, ProductInput, Specifications } from '@/api/console-types';

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '28', '30', '32', '34', '36', '38', '40', '42'];
export const SPEC_FIELDS: readonly (keyof Specifications)[] = [
  'pattern',
  'length',
  'fabric',
  'sleeveLength',
  'fit',
  'distress',
];
export const MAX_UNITS = 100_000;

export interface ProductForm {
  name: string;
  description: string;
  price: string;
  gender: ProductGender;
  category: string;
  tags: string;
  color: string;
  specifications: Specifications;
  sizes: string[];
  stock: Record<string, string>;
  offerPercentage: string;
  /** A coupon id of the product's brand, or '' for none. */
  assignedCoupon: string;
  isActive: boolean;
}

export type FieldErrors = Record<string, string>;

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export function unitsError(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  if (!/^\d+$/.test(text.trim())) return 'Units are a whole number.';
  if (Number(text) > MAX_UNITS) return 'At most 100,000 units.';
  return undefined;
}

export function validateProduct(form: ProductForm): FieldErrors {
  const errors: FieldErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = 'Name is required.';
  else if (name.length > 120) errors.name = 'At most 120 characters.';
  if (form.description.length > 5000) errors.description = 'At most 5,000 characters.';
  const price = form.price.replace(/,/g, '').trim();
  if (!price) errors.price = 'Price is required.';
  else if (!/^\d+(\.\d{1,2})?$/.test(price)) errors.price = 'Rupees, with at most two decimals.';
  else if (Number(price) <= 0) errors.price = 'The price is above 0.';
  else if (Number(price) > 1_000_000) errors.price = 'At most ₹10,00,000.';
  const categories = list(form.category);
  if (categories.length < 1) errors.category = 'Name at least one category.';
  else if (categories.length > 5) errors.category = 'At most 5 categories.';
  const tags = list(form.tags);
  if (tags.length > 20) errors.tags = 'At most 20 tags.';
  else if (tags.some((tag) => tag.length > 40)) errors.tags = 'Each tag is at most 40 characters.';
  if (form.color.length > 100) errors.color = 'At most 100 characters.';
  for (const field of SPEC_FIELDS) {
    if (form.specifications[field].length > 100)
      errors[`specifications.${field}`] = 'At most 100 characters.';
  }
  if (form.sizes.length === 0) errors.sizes = 'Choose at least one size.';
  for (const size of form.sizes) {
    const error = unitsError(form.stock[size] ?? '');
    if (error) errors[`stock.${size}`] = error;
  }
  const offer = form.offerPercentage.trim();
  if (offer && (!/^\d+$/.test(offer) || Number(offer) > 90))
    errors.offerPercentage = 'A whole number from 0 to 90.';
  return errors;
}

export function stockOf(form: ProductForm): Record<string, number> {
  return Object.fromEntries(form.sizes.map((size) => [size, Number(form.stock[size] || 0)]));
}

export function toInput(form: ProductForm): ProductInput {
  const offer = form.offerPercentage.trim();
  return {
    name: form.name.trim(),
    description: form.description,
    price: form.price.replace(/,/g, '').trim(),
    gender: form.gender,
    category: list(form.category),
    tags: list(form.tags),
    color: form.color,
    specifications: form.specifications,
    sizes: SIZES.filter((size) => form.sizes.includes(size)),
    stock: stockOf(form),
    offerPercentage: offer ? Number(offer) : 0,
    assignedCoupon: form.assignedCoupon || null,
    isActive: form.isActive,
  };
}

export const emptyForm = (): ProductForm => ({
  name: '',
  description: '',
  price: '',
  gender: 'unisex',
  category: '',
  tags: '',
  color: '',
  specifications: { pattern: '', length: '', fabric: '', sleeveLength: '', fit: '', distress: '' },
  sizes: [],
  stock: {},
  offerPercentage: '',
  assignedCoupon: '',
  isActive: true,
});
