// The audit trail (docs/http-api.md, "Admin: the audit trail"): every console write, newest
// first, as who, when, what, and the record before and after.

import { api } from './client';
import { isRecord, unexpectedResponse } from './guards';
import { pageOf, type AuditEntry, type AuditPage } from './admin-types';

function isAuditEntry(value: unknown): value is AuditEntry {
  return isRecord(value) && typeof value._id === 'string' && typeof value.action === 'string';
}

export interface AuditFilter {
  /** Only this user's writes: their id ('' for everybody's). */
  actor: string;
  /** brand, category, banner, user, product, coupon... */
  entity: string;
  page: number;
}

/** GET /api/admin/audit?actor=&entity=&page=. */
export async function getAudit(filter: AuditFilter, signal?: AbortSignal): Promise<AuditPage> {
  const answer = await api.get<unknown>('/admin/audit', {
    query: {
      actor: filter.actor.trim() || undefined,
      entity: filter.entity || undefined,
      page: filter.page,
    },
    signal,
  });
  if (!isRecord(answer) || !Array.isArray(answer.entries)) throw unexpectedResponse();
  const entries = answer.entries.filter(isAuditEntry);
  return { entries, ...pageOf(answer, entries.length) };
}
