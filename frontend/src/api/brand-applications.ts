// Brand applications (docs/http-api.md, "Brand applications"): a shopper applies and reads their
// own; admins list, approve and reject.

import { api } from './client';
import { isRecord, unexpectedResponse } from './guards';
import type {
  ApplicationStatus,
  BrandApplication,
  NewBrandApplication,
  RejectBody,
} from './brand-applications-types';

export function isApplication(value: unknown): value is BrandApplication {
  return (
    isRecord(value) &&
    typeof value._id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.status === 'string'
  );
}

function readList(answer: unknown): BrandApplication[] {
  if (!isRecord(answer) || !Array.isArray(answer.applications)) throw unexpectedResponse();
  return answer.applications.filter(isApplication);
}

function readOne(answer: unknown): BrandApplication {
  if (!isRecord(answer) || !isApplication(answer.application)) throw unexpectedResponse();
  return answer.application;
}

/** POST /api/brand-applications → 201; 400 VALIDATION_FAILED with `fields`; 409 APPLICATION_PENDING. */
export async function applyForBrand(body: NewBrandApplication): Promise<BrandApplication> {
  return readOne(await api.post<unknown>('/brand-applications', body));
}

/** GET /api/brand-applications/mine: the caller's, newest first. */
export async function getMyApplications(signal?: AbortSignal): Promise<BrandApplication[]> {
  return readList(await api.get<unknown>('/brand-applications/mine', { signal }));
}

/** GET /api/admin/brand-applications?status=: newest first. */
export async function getAdminApplications(
  status: ApplicationStatus | '',
  signal?: AbortSignal,
): Promise<BrandApplication[]> {
  return readList(
    await api.get<unknown>('/admin/brand-applications', {
      query: { status: status || undefined },
      signal,
    }),
  );
}

const decision = (id: string, verb: 'approve' | 'reject') =>
  `/admin/brand-applications/${encodeURIComponent(id)}/${verb}`;

/** POST …/{id}/approve: the brand is created and the applicant becomes its team. */
export async function approveApplication(id: string): Promise<BrandApplication> {
  return readOne(await api.post<unknown>(decision(id, 'approve')));
}

/** POST …/{id}/reject {reason}. */
export async function rejectApplication(id: string, reason: string): Promise<BrandApplication> {
  return readOne(await api.post<unknown>(decision(id, 'reject'), { reason } satisfies RejectBody));
}
