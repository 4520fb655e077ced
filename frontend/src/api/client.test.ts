import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { api, ApiError, NETWORK_ERROR_CODE, onUnauthenticated } from './client';

describe('api client', () => {
  it('sends query parameters, skipping empty ones', async () => {
    let url = '';
    server.use(
      http.get('*/api/products', ({ request }) => {
        url = request.url;
        return HttpResponse.json([]);
      }),
    );
    await api.get('/products', { query: { limit: 8, gender: undefined, minPrice: null } });
    expect(new URL(url).search).toBe('?limit=8');
  });

  it("throws ApiError with the server's error and code", async () => {
    server.use(
      http.get('*/api/products/id/:id', () =>
        HttpResponse.json({ error: 'Product not found', code: 'PRODUCT_NOT_FOUND' }, { status: 404 }),
      ),
    );
    const error = await api.get('/products/id/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'PRODUCT_NOT_FOUND', error: 'Product not found' });
  });

  it('falls back to a generic message when the body is not the error JSON', async () => {
    server.use(http.get('*/api/products', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(api.get('/products')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      error: 'HTTP error! status: 502',
    });
  });

  it('reports a network failure as status 0', async () => {
    server.use(http.get('*/api/products', () => HttpResponse.error()));
    await expect(api.get('/products')).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR_CODE });
  });

  it('sends JSON bodies and no Authorization header', async () => {
    let authorization: string | null = 'unset';
    let body: unknown = null;
    server.use(
      http.post('*/api/products/search', async ({ request }) => {
        authorization = request.headers.get('Authorization');
        body = await request.json();
        return HttpResponse.json([]);
      }),
    );
    await api.post('/products/search', { query: 'tee' });
    expect(authorization).toBeNull();
    expect(body).toEqual({ query: 'tee' });
  });

  it('lets the session cookie go with same-origin calls only', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    server.use(http.get('*/api/users/me', () => HttpResponse.json({})));
    await api.get('/users/me');
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/users/me',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('reads retryAfter from a 429', async () => {
    server.use(
      http.post('*/api/users/generate-otp', () =>
        HttpResponse.json(
          { error: 'Please wait 27 seconds before asking for a new code.', code: 'RATE_LIMITED', retryAfter: 27 },
          { status: 429, headers: { 'Retry-After': '27' } },
        ),
      ),
    );
    await expect(api.post('/users/generate-otp', { email: 'a@b.in' })).rejects.toMatchObject({
      status: 429,
      retryAfter: 27,
    });
  });

  describe('a 401 UNAUTHENTICATED', () => {
    it('calls the registered handler, then throws', async () => {
      const handler = vi.fn();
      const unregister = onUnauthenticated(handler);
      server.use(
        http.get('*/api/users/me', () =>
          HttpResponse.json({ error: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 }),
        ),
      );
      try {
        await expect(api.get('/users/me')).rejects.toMatchObject({ status: 401 });
      } finally {
        unregister();
      }
      expect(handler).toHaveBeenCalledTimes(1);
    });

    it('leaves other 401s (a wrong code) and unregistered handlers alone', async () => {
      const handler = vi.fn();
      onUnauthenticated(handler)();
      const other = vi.fn();
      const unregister = onUnauthenticated(other);
      server.use(
        http.post('*/api/users/verify-otp', () =>
          HttpResponse.json({ error: 'Invalid OTP. Please try again.', code: 'INVALID_OTP' }, { status: 401 }),
        ),
        http.get('*/api/users/me', () =>
          HttpResponse.json({ error: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 }),
        ),
      );
      try {
        await expect(api.post('/users/verify-otp', {})).rejects.toMatchObject({ code: 'INVALID_OTP' });
        expect(other).not.toHaveBeenCalled();
        await expect(api.get('/users/me')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      } finally {
        unregister();
      }
      expect(other).toHaveBeenCalledTimes(1);
      expect(handler).not.toHaveBeenCalled();
    });
  });
});
