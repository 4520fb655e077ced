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
  else if (!/^[A-Za-z0-9_-]{3,30}$/.test(code))
    errors.coupon_code = '3 to 30 letters, digits, - or _.';
  if (!form.title.trim()) errors.title = 'A title is required.';
  const value = form.discount_value.trim();
  if (!value) errors.discount_value = 'A discount is required.';
  else if (!money(value) || Number(value) <= 0) errors.discount_value = 'A number above 0.';
  else if (form.discount_type === 'percentage' && Number(value) > 100)
    errors.discount_value = 'At most 100 percent.';
  if (form.max_discount_amount.trim() && !money(form.max_discount_amount))
    errors.max_discount_amount = 'Rupees, with at most two decimals.';
  if (form.min_order_value.trim() && !money(form.min_order_value))
    errors.min_order_value = 'Rupees, with at most two decimals.';
  if (!form.valid_from) errors.valid_from = 'A start date is required.';
  if (form.valid_until && form.valid_from && form.valid_until < form.valid_from)
    errors.valid_until = 'The end is after the start.';
  if (form.usage_limit.trim() && (!whole(form.usage_limit) || Number(form.usage_limit) < 1))
    errors.usage_limit = 'A whole number, at least 1.';
  if (form.per_user_limit.trim() && (!whole(form.per_user_limit) || Number(form.per_user_limit) < 1))
    errors.per_user_limit = 'A whole number, at least 1.';
  return errors;
}

const orNull = (text: string) => (text.trim() ? Number(text) : null);
const day = (date: string) => (date ? new Date(`${date}T00:00:00Z`).toISOString() : null);

export function couponInput(form: CouponForm): CouponInput {
  return {
    coupon_code: form.coupon_code.trim().toUpperCase(),
    title: form.title.trim(),
    discount_type: form.discount_type,
    discount_value: Number(form.discount_value),
    max_discount_amount: orNull(form.max_discount_amount),
    min_order_value: Number(form.min_order_value || 0),
    valid_from: day(form.valid_from) ?? new Date().toISOString(),
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
