// The admin console's categories (docs/http-api.md, "Admin: categories"): the tree in display
// order, create, edit (with the version read), delete (409 IN_USE with `count` while products
// use it) and the order of one parent's children.

import { api, apiRequest } from './client';
import { isRecord, unexpectedResponse } from './guards';
import type { AdminCategory, CategoryChanges, CategoryOrder, NewCategory } from './admin-types';

export function isAdminCategory(value: unknown): value is AdminCategory {
  return (
    isRecord(value) &&
    typeof value._id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.version === 'number'
  );
}

function readCategories(answer: unknown): AdminCategory[] {
  if (!isRecord(answer) || !Array.isArray(answer.categories)) throw unexpectedResponse();
  return answer.categories.filter(isAdminCategory);
}

function readCategory(answer: unknown): AdminCategory {
  if (!isRecord(answer) || !isAdminCategory(answer.category)) throw unexpectedResponse();
  return answer.category;
}

/** GET /api/admin/categories: every category, in tree order. */
export async function getAdminCategories(signal?: AbortSignal): Promise<AdminCategory[]> {
  return readCategories(await api.get<unknown>('/admin/categories', { signal }));
}

/** POST /api/admin/categories → 201 the new category. */
export async function createCategory(category: NewCategory): Promise<AdminCategory> {
  return readCategory(await api.post<unknown>('/admin/categories', category));
}

/** PATCH /api/admin/categories/{id}; 409 STALE_EDIT with `current`. */
export async function updateCategory(id: string, changes: CategoryChanges): Promise<AdminCategory> {
  return readCategory(
    await apiRequest<unknown>(`/admin/categories/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: changes,
    }),
  );
}

/** DELETE /api/admin/categories/{id}; 409 IN_USE with `count` (the products using it). */
export async function deleteCategory(id: string): Promise<void> {
  await api.delete<unknown>(`/admin/categories/${encodeURIComponent(id)}`);
}

/** PUT /api/admin/categories/order: one parent's children (or the roots) in their new order. */
export async function orderCategories(ids: string[]): Promise<AdminCategory[]> {
  return readCategories(await api.put<unknown>('/admin/categories/order', { ids } satisfies CategoryOrder));
}
