// How an order's lines, times and payment read on screen. Shared because the shopper's My Orders
// and the brand console show the same orders and must say the same things about them.

import { orderIdDisplay } from './orders';
import type { OrderLine } from '@/api/orders';

/** How an order is named to people: 'Order #' and the id's last 8 characters (001 §9). */
export const orderTitle = (id: string): string => `Order #${orderIdDisplay(id)}`;

/** What a line is called when neither the order nor the product has a name for it (001 §2). */
export const UNAVAILABLE_LINE_NAME = 'Item unavailable';

/** A line's name: as ordered, else the product's own, else 'Item unavailable' (001 §2). */
export const orderLineName = (line: OrderLine): string =>
  line.name?.trim() || line.product?.name?.trim() || UNAVAILABLE_LINE_NAME;

// Shown in India's time wherever the phone is: the shop delivers only in India (001 §9 en-IN).
const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
const DATE = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

function formatWith(format: Intl.DateTimeFormat, value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format.format(date);
}

/** A stored timestamp as en-IN date and time ('23 Nov 2026, 3:30 pm'); null when unreadable. */
export const formatOrderDateTime = (value: string | null | undefined): string | null =>
  formatWith(DATE_TIME, value);

/** A stored timestamp as an en-IN date ('28 Nov 2026'); null when missing or unreadable. */
export const formatOrderDate = (value: string | null | undefined): string | null =>
  formatWith(DATE, value);

/** Whether an order's payment status says it is paid, in any letter case. */
export const isPaid = (paymentStatus: string | null | undefined): boolean =>
  paymentStatus?.trim().toLowerCase() === 'paid';
