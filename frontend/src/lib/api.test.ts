import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { api, ApiError, NETWORK_ERROR_CODE, setTokenSource } from './api';

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

  it('sends the session token and JSON bodies', async () => {
    let authorization: string | null = null;
    let body: unknown = null;
    server.use(
      http.post('*/api/products/search', async ({ request }) => {
        authorization = request.headers.get('Authorization');
        body = await request.json();
        return HttpResponse.json([]);
      }),
    );
    setTokenSource(() => 'tok');
    try {
      await api.post('/products/search', { query: 'tee' });
    } finally {
      setTokenSource(() => null);
    }
    expect(authorization).toBe('Bearer tok');
    expect(body).toEqual({ query: 'tee' });
  });
});
