// The one typed HTTP client. Every call goes to /api (000 §7); failures become ApiError with
// the server's {"error", "code"} so screens can show the server's words. The session travels in
// the server's HttpOnly `shop_session` cookie (docs/http-api.md): page scripts never see a token.

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;
  /** Whole seconds to wait before asking again, from a 429's `retryAfter`; null otherwise. */
  readonly retryAfter: number | null;
  /**
   * The whole error body, for the codes that carry more than a sentence (the bag's
   * BRAND_CONFLICT names both brands, NOT_ENOUGH_STOCK the `available` count); {} when none.
   */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: string,
    error: string,
    retryAfter: number | null = null,
    body: Readonly<Record<string, unknown>> = {},
  ) {
    super(error);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.error = error;
    this.retryAfter = retryAfter;
    this.body = body;
  }
}

/** The code of a missing, expired or revoked session (docs/http-api.md, Sessions). */
export const UNAUTHENTICATED_CODE = 'UNAUTHENTICATED';

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

const ignore = () => {};
let unauthenticated: () => void = ignore;

/**
 * The app says what to do when the server no longer knows the session (a 401 UNAUTHENTICATED on
 * any call): forget it in the browser too. The API client never imports stores, so the app
 * registers it. Answers a function that unregisters it.
 */
export function onUnauthenticated(handler: () => void): () => void {
  unauthenticated = handler;
  return () => {
    if (unauthenticated === handler) unauthenticated = ignore;
  };
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function isErrorBody(
  value: unknown,
): value is { error: string; code?: unknown; retryAfter?: unknown } & Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const fallback = `HTTP error! status: ${response.status}`;
  try {
    const body: unknown = await response.json();
    if (isErrorBody(body)) {
      const code = typeof body.code === 'string' ? body.code : `HTTP_${response.status}`;
      const retryAfter = typeof body.retryAfter === 'number' ? body.retryAfter : null;
      return new ApiError(response.status, code, body.error, retryAfter, body);
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): fall through to the generic message.
  }
  return new ApiError(response.status, `HTTP_${response.status}`, fallback);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // The session cookie goes with every call to our own origin, and nowhere else.
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (error.status === 401 && error.code === UNAUTHENTICATED_CODE) unauthenticated();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
