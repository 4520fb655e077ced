// The admin console's people (docs/http-api.md, "Admin: users and roles"): find users, and
// change a role (the UI form of `shop-api grant-role`). 409 LAST_ADMIN when the change would
// leave the shop without an admin.

import { api } from './client';
import { isRecord, unexpectedResponse } from './guards';
import { pageOf, type AdminUser, type RoleBody, type RoleName, type UserPage } from './admin-types';

function isAdminUser(value: unknown): value is AdminUser {
  return isRecord(value) && typeof value._id === 'string' && typeof value.role === 'number';
}

/** GET /api/admin/users?search=&page=. */
export async function getAdminUsers(
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<UserPage> {
  const answer = await api.get<unknown>('/admin/users', {
    query: { search: search.trim() || undefined, page },
    signal,
  });
  if (!isRecord(answer) || !Array.isArray(answer.users)) throw unexpectedResponse();
  const users = answer.users.filter(isAdminUser);
  return { users, ...pageOf(answer, users.length) };
}

/** PUT /api/admin/users/{id}/role: `brandId` names the brand of a brand user. */
export async function setUserRole(
  id: string,
  role: RoleName,
  brandId: string | null,
): Promise<AdminUser> {
  const answer = await api.put<unknown>(`/admin/users/${encodeURIComponent(id)}/role`, {
    role,
    brandId: role === 'brand' ? brandId : null,
  } satisfies RoleBody);
  if (!isRecord(answer) || !isAdminUser(answer.user)) throw unexpectedResponse();
  return answer.user;
}

