// Multipart sends with upload progress for the admin console (a brand's logo, a banner). fetch
// reports no upload progress, so these go through XMLHttpRequest; failures become the same
// ApiError the JSON client throws, with the server's {error, code, fields?}.

import { ApiError, apiUrl, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from './client';

/** How far a send has gone: 0 to 1. */
export type UploadProgress = (fraction: number) => void;

export interface MultipartOptions {
  method?: 'POST' | 'PATCH' | 'PUT';
  onProgress?: UploadProgress;
  signal?: AbortSignal;
}

/** Form fields to multipart: files as files, everything else as text; undefined left out. */
type FormValue = Blob | string | number | boolean | undefined;

export function toFormData(fields: Record<string, FormValue>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(name, value);
    else form.append(name, String(value));
  }
  return form;
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    const record = body as Record<string, unknown>;
    if (typeof body === 'object' && body !== null && typeof record.error === 'string') {
      const code = typeof record.code === 'string' ? record.code : `HTTP_${xhr.status}`;
      return new ApiError(xhr.status, code, record.error, null, record);
    }
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return new ApiError(xhr.status, `HTTP_${xhr.status}`, `HTTP error! status: ${xhr.status}`);
}

/** Sends `form` to /api`path`; resolves with the JSON answer, reporting progress on the way. */
export function sendMultipart<T>(
  path: string,
  form: FormData,
  { method = 'POST', onProgress, signal }: MultipartOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    xhr.withCredentials = false; // same origin: the session cookie goes anyway
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(errorOf(xhr));
        }
      } else {
        reject(errorOf(xhr));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
