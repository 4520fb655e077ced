// The admin console's banners (docs/http-api.md, "Admin: banners and the public image
// reads"): the static images with their display period, priority and tags, written as
// multipart form fields (the file with the rest) with upload progress.

import { api } from './client';
import { isRecord, unexpectedResponse } from './guards';
import { sendMultipart, toFormData, type UploadProgress } from './admin-upload';
import type { Banner, BannerCategory, BannerFields } from './admin-types';

export function isBanner(value: unknown): value is Banner {
  return (
    isRecord(value) &&
    typeof value._id === 'string' &&
    typeof value.url === 'string' &&
    typeof value.version === 'number'
  );
}

/** Older answers may lack the newer fields: filled in so the screens read one shape. */
function toBanner(value: Banner): Banner {
  return {
    ...value,
    srcset: value.srcset ?? '',
    tags: Array.isArray(value.tags) ? value.tags : [],
    campaign: value.campaign ?? '',
    displayPeriod: value.displayPeriod ?? { startDate: null, endDate: null },
    priority: typeof value.priority === 'number' ? value.priority : 0,
  };
}

function readBanner(answer: unknown): Banner {
  if (!isRecord(answer) || !isBanner(answer.image)) throw unexpectedResponse();
  return toBanner(answer.image);
}

/** GET /api/admin/static-images?category=&limit=100: active and inactive, every device. */
export async function getBanners(
  category: BannerCategory | '' = '',
  signal?: AbortSignal,
): Promise<Banner[]> {
  const answer = await api.get<unknown>('/admin/static-images', {
    query: { category: category || undefined, limit: 100 },
    signal,
  });
  if (!isRecord(answer) || !Array.isArray(answer.images)) throw unexpectedResponse();
  return answer.images.filter(isBanner).map(toBanner);
}

function bannerForm(fields: BannerFields, version?: number) {
  return toFormData({
    file: fields.file,
    title: fields.title,
    category: fields.category,
    device: fields.device,
    tags: fields.tags,
    campaign: fields.campaign,
    startDate: fields.startDate,
    endDate: fields.endDate,
    priority: fields.priority,
    isActive: fields.isActive,
    version,
  });
}

/** POST /api/admin/static-images (multipart) → 201 the banner. */
export async function createBanner(
  fields: BannerFields,
  onProgress?: UploadProgress,
): Promise<Banner> {
  return readBanner(
    await sendMultipart<unknown>('/admin/static-images', bannerForm(fields), { onProgress }),
  );
}

/** PATCH /api/admin/static-images/{id} (multipart, every field optional, with `version`). */
export async function updateBanner(
  id: string,
  fields: BannerFields,
  version: number,
  onProgress?: UploadProgress,
): Promise<Banner> {
  return readBanner(
    await sendMultipart<unknown>(
      `/admin/static-images/${encodeURIComponent(id)}`,
      bannerForm(fields, version),
      { method: 'PATCH', onProgress },
    ),
  );
}

/** DELETE /api/admin/static-images/{id}. */
export async function deleteBanner(id: string): Promise<void> {
  await api.delete<unknown>(`/admin/static-images/${encodeURIComponent(id)}`);
}
