// Numbers as the dashboard writes them (en-IN).
import type { Decimal } from '@/api/types';
import { formatInr, parsePaise } from '@/lib/money';

export const rupees = (amount: Decimal) => formatInr(parsePaise(amount));

/** Whole rupees for a chart (its axis and legend), from a value in rupees. */
export const chartRupees = (value: number) => formatInr(Math.round(value * 100), 'whole');

export const toRupees = (amount: Decimal) => parsePaise(amount) / 100;

export const formatCount = (value: number) => Math.round(value).toLocaleString('en-IN');

/** part / whole, 0 when there is no whole. */
export const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** 0.4213 -> '42.1%'. */
export const formatRate = (value: number) => `${(value * 100).toFixed(1)}%`;
