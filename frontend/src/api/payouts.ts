// Payouts (docs/http-api.md, "Payouts"): a brand's month and its CSV for the brand console;
// every brand's month and recording one paid for the admin console.

import { api, apiUrl } from './client';
import { isRecord, unexpectedResponse } from './guards';
import type { PaidBody, Payout, PayoutList } from './payouts-types';

const IST_OFFSET_MS = 330 * 60 * 1000;

/** The IST month (`YYYY-MM`) of `now`. */
export function istMonth(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);
}

/** The month before `month` (`YYYY-MM`). */
export function previousMonth(month: string): string {
  const [year, index] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (index ?? 1) - 2, 1));
  return date.toISOString().slice(0, 7);
}

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/u;

function isPayout(value: unknown): value is Payout {
  return (
    isRecord(value) &&
    typeof value.brandId === 'string' &&
    typeof value.month === 'string' &&
    typeof value.status === 'string'
  );
}

function readPayout(answer: unknown): Payout {
  if (!isRecord(answer) || !isPayout(answer.payout)) throw unexpectedResponse();
  return answer.payout;
}

export interface PayoutQuery {
  month: string;
  /** An admin's brand; a brand user's own otherwise. */
  brandId?: string;
}

/** GET /api/brand/payouts?month=&brandId=. */
export async function getBrandPayout(query: PayoutQuery, signal?: AbortSignal): Promise<Payout> {
  return readPayout(
    await api.get<unknown>('/brand/payouts', {
      query: { month: query.month, brandId: query.brandId },
      signal,
    }),
  );
}

/** The CSV's address: GET /api/brand/payouts/export?month=&brandId=. */
export const payoutExportUrl = (query: PayoutQuery) =>
  apiUrl('/brand/payouts/export', { month: query.month, brandId: query.brandId });

/** GET /api/admin/payouts?month=: every brand with anything in the month. */
export async function getAdminPayouts(month: string, signal?: AbortSignal): Promise<PayoutList> {
  const answer = await api.get<unknown>('/admin/payouts', { query: { month }, signal });
  if (!isRecord(answer) || !Array.isArray(answer.payouts) || typeof answer.month !== 'string') {
    throw unexpectedResponse();
  }
  return { success: true, month: answer.month, payouts: answer.payouts.filter(isPayout) };
}

/** POST /api/admin/payouts/{brandId}/{month}/paid: 409 MONTH_OPEN, ALREADY_PAID. */
export async function recordPayout(
  brandId: string,
  month: string,
  reference: string,
): Promise<Payout> {
  return readPayout(
    await api.post<unknown>(
      `/admin/payouts/${encodeURIComponent(brandId)}/${encodeURIComponent(month)}/paid`,
      { reference } satisfies PaidBody,
    ),
  );
}

export const payoutKeys = {
  all: ['payouts'] as const,
  brand: (query: PayoutQuery) => [...payoutKeys.all, 'brand', query.month, query.brandId ?? ''] as const,
  admin: (month: string) => [...payoutKeys.all, 'admin', month] as const,
};
