// The coupon form's rules, as the pricing crate checks a coupon. Keys are the wire names.
import type { CouponInput, DiscountType } from '@/api/console-types';
import type { FieldErrors } from './product-rules';

export interface CouponForm {
  coupon_code: string;
  title: string;
  discount_type: DiscountType;
  discount_value: string;
  max_discount_amount: string;
  min_order_value: string;
  valid_from: string;
  valid_until: string;
  usage_limit: string;
  per_user_limit: string;
  products: string;
  is_active: boolean;
}

const whole = (text: string) => /^\d+$/.test(text.trim());
const money = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.trim());

export function validateCoupon(form: CouponForm): FieldErrors {
  const errors: FieldErrors = {};
  const code = form.coupon_code.trim();
  if (!code) errors.coupon_code = 'A code is required.';
  else if (!/^[A-Za-z0-9_-]{1,32}$/.test(code))
    errors.coupon_code = 'At most 32 letters, digits, - or _.';
  if (!form.title.trim()) errors.title = 'A title is required.';
  else if (form.title.trim().length > 100) errors.title = 'At most 100 characters.';
  const value = form.discount_value.trim();
  if (!value) errors.discount_value = 'A discount is required.';
  else if (!money(value) || Number(value) <= 0) errors.discount_value = 'A number above 0.';
  else if (form.discount_type === 'percentage' && !whole(value))
    errors.discount_value = 'A whole percent from 1 to 100.';
  else if (form.discount_type === 'percentage' && Number(value) > 100)
    errors.discount_value = 'At most 100 percent.';
  else if (form.discount_type === 'flat' && Number(value) > 100_000)
    errors.discount_value = 'At most ₹1,00,000.';
  const cap = form.max_discount_amount.trim();
  if (cap && form.discount_type === 'percentage' && (!money(cap) || Number(cap) <= 0))
    errors.max_discount_amount = 'An amount above ₹0, with at most two decimals.';
  const minimum = form.min_order_value.trim();
  if (minimum && (!money(minimum) || Number(minimum) > 10_000_000))
    errors.min_order_value = 'Rupees from 0 to 1,00,00,000, with at most two decimals.';
  if (!form.valid_from) errors.valid_from = 'A start day is required.';
  if (form.valid_until && form.valid_from && form.valid_until < form.valid_from)
    errors.valid_until = 'The end is after the start.';
  const usage = form.usage_limit.trim();
  if (usage && (!whole(usage) || Number(usage) < 1 || Number(usage) > 10_000_000))
    errors.usage_limit = 'A whole number from 1 to 10,000,000.';
  const perUser = form.per_user_limit.trim();
  if (perUser && (!whole(perUser) || Number(perUser) < 1 || Number(perUser) > 1000))
    errors.per_user_limit = 'A whole number from 1 to 1,000.';
  return errors;
}

const orNull = (text: string) => (text.trim() ? Number(text) : null);
/** A day as the server reads it: from its first second (valid_from), until its last (valid_until). */
const day = (date: string) => (date ? date : null);

export function couponInput(form: CouponForm): CouponInput {
  return {
    coupon_code: form.coupon_code.trim().toUpperCase(),
    title: form.title.trim(),
    discount_type: form.discount_type,
    discount_value: Number(form.discount_value),
    max_discount_amount:
      form.discount_type === 'percentage' ? orNull(form.max_discount_amount) : null,
    min_order_value: Number(form.min_order_value || 0),
    valid_from: day(form.valid_from) ?? new Date().toISOString().slice(0, 10),
    valid_until: day(form.valid_until),
    usage_limit: orNull(form.usage_limit),
    per_user_limit: orNull(form.per_user_limit),
    products: form.products
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    is_active: form.is_active,
  };
}

export const emptyCoupon = (): CouponForm => ({
  coupon_code: '',
  title: '',
  discount_type: 'percentage',
  discount_value: '',
  max_discount_amount: '',
  min_order_value: '',
  valid_from: new Date().toISOString().slice(0, 10),
  valid_until: '',
  usage_limit: '',
  per_user_limit: '',
  products: '',
  is_active: true,
});
