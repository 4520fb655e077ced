// The brand console's product calls (docs/http-api.md, Console products).
import { api, apiRequest, apiUrl } from './client';
import { sendMultipart, toFormData, type UploadProgress } from './admin-upload';
import type {
  ConsoleImage,
  ConsoleProduct,
  ImportReport,
  ProductInput,
  ProductList,
  ProductQuery,
} from './console-types';

const base = '/brand/products';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const consoleProducts = {
  list: (query: ProductQuery) => api.get<ProductList>(base, { query: { ...query } }),
  one: (id: string) => api.get<ConsoleProduct>(one(id)),
  create: (input: ProductInput) => api.post<ConsoleProduct>(base, input),
  update: (id: string, patch: Partial<ProductInput> & { version: number; archived?: boolean }) =>
    apiRequest<ConsoleProduct>(one(id), { method: 'PATCH', body: patch }),
  putStock: (id: string, stock: Record<string, number>) =>
    api.put<ConsoleProduct>(`${one(id)}/stock`, { stock }),
  archive: (id: string) => api.delete<ConsoleProduct>(one(id)),
  uploadImage: (id: string, file: File, onProgress?: UploadProgress) =>
    sendMultipart<{ image: ConsoleImage }>(`${one(id)}/images`, toFormData({ file }), {
      onProgress,
    }),
  deleteImage: (id: string, imageId: string) =>
    api.delete<{ success: boolean; images: ConsoleImage[] }>(
      `${one(id)}/images/${encodeURIComponent(imageId)}`,
    ),
  orderImages: (id: string, imageIds: string[]) =>
    api.put<{ success: boolean; images: ConsoleImage[] }>(`${one(id)}/images/order`, {
      imageIds,
    }),
  importCsv: (
    file: File,
    { partial, brandId }: { partial: boolean; brandId?: string },
    onProgress?: UploadProgress,
  ) => {
    const query = new URLSearchParams();
    if (partial) query.set('partial', 'true');
    if (brandId) query.set('brandId', brandId);
    const suffix = query.size ? `?${query.toString()}` : '';
    return sendMultipart<ImportReport>(`${base}/import${suffix}`, toFormData({ file }), {
      onProgress,
    });
  },
  exportUrl: (query: { brandId?: string; status?: string }) => apiUrl(`${base}/export`, query),
};
