// The admin console's brands (docs/http-api.md, "Admin: brands"): every brand with its product
// count, create, edit (with the version read), the logo, and deactivation (which hides the
// brand's products from shoppers). Admins only: everybody else gets 403.

import { api, apiRequest } from './client';
import { isRecord, unexpectedResponse } from './guards';
import { sendMultipart, toFormData, type UploadProgress } from './admin-upload';
import type { AdminBrand, BrandChanges, NewBrand } from './admin-types';

export function isAdminBrand(value: unknown): value is AdminBrand {
  return (
    isRecord(value) &&
    typeof value._id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.version === 'number'
  );
}

function readBrand(answer: unknown): AdminBrand {
  if (!isRecord(answer) || !isAdminBrand(answer.brand)) throw unexpectedResponse();
  return answer.brand;
}

/** GET /api/admin/brands?search=: every brand, active or not. */
export async function getAdminBrands(search = '', signal?: AbortSignal): Promise<AdminBrand[]> {
  const answer = await api.get<unknown>('/admin/brands', {
    query: { search: search.trim() || undefined },
    signal,
  });
  if (!isRecord(answer) || !Array.isArray(answer.brands)) throw unexpectedResponse();
  return answer.brands.filter(isAdminBrand);
}

/** POST /api/admin/brands → 201 the new brand; 400 VALIDATION_FAILED with `fields`. */
export async function createBrand(brand: NewBrand): Promise<AdminBrand> {
  return readBrand(await api.post<unknown>('/admin/brands', brand));
}

/** PATCH /api/admin/brands/{id}: the changes and the version read; 409 STALE_EDIT `current`. */
export async function updateBrand(id: string, changes: BrandChanges): Promise<AdminBrand> {
  return readBrand(
    await apiRequest<unknown>(`/admin/brands/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: changes,
    }),
  );
}

/** POST /api/admin/brands/{id}/logo (multipart `file`): the brand with its new logo. */
export async function uploadBrandLogo(
  id: string,
  file: File,
  onProgress?: UploadProgress,
): Promise<AdminBrand> {
  return readBrand(
    await sendMultipart<unknown>(
      `/admin/brands/${encodeURIComponent(id)}/logo`,
      toFormData({ file }),
      { onProgress },
    ),
  );
}
