// The Shopify import's calls (docs/http-api.md, "Shopify import"): a preview, then its commit.
import { api } from './client';
import { sendMultipart, toFormData, type UploadProgress } from './admin-upload';
import type { ShopifyPreview, ShopifyReport } from './shopify-types';

const path = '/brand/products/import';

export const shopifyImport = {
  preview: (file: File, { brandId }: { brandId?: string }, onProgress?: UploadProgress) => {
    const query = new URLSearchParams({ format: 'shopify' });
    if (brandId) query.set('brandId', brandId);
    return sendMultipart<ShopifyPreview>(`${path}?${query.toString()}`, toFormData({ file }), {
      onProgress,
    });
  },
  commit: (token: string, { partial, brandId }: { partial: boolean; brandId?: string }) =>
    api.post<ShopifyReport>(path, undefined, {
      query: { format: 'shopify', commit: token, partial: partial ? 'true' : undefined, brandId },
    }),
};
