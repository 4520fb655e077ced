// Payout figures as the consoles show them (the brand's payouts page and the admin's).
import type { PayoutMoney, PayoutStatus } from '@/api/payouts-types';
import { formatInr } from './money';

/** Paise of `{"$numberDecimal": "-12.50"}`; 0 when unreadable. */
export function paiseOf(money: PayoutMoney): number {
  const match = /^(-?)(\d+)\.(\d{2})$/u.exec(money.$numberDecimal);
  if (!match) return 0;
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

/** `₹1,299.00`, `-₹70.00`. */
export const moneyText = (money: PayoutMoney) => formatInr(paiseOf(money), 'fixed2');

/** `12.5%`. */
export const rateText = (percent: number) => `${percent}%`;

export const placedText = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
};

export const STATUS_LABELS: Record<PayoutStatus, string> = {
  open: 'Open',
  due: 'Due',
  paid: 'Paid',
};
