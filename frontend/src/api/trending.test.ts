import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { navyTee } from '@/testing/mocks/fixtures';
import { TRENDING_URL, trendingApi } from '@/testing/mocks/trends-handlers';
import { ApiError } from './client';
import {
  announceTrendingUpdated,
  getTrendingProducts,
  onTrendingUpdated,
  TRENDING_UPDATED_EVENT,
} from './trending';

describe('GET /analytics/trending-products', () => {
  it('sends the window, the limit and the gender, and reads data.trendingProducts', async () => {
    const api = trendingApi();
    server.use(...api.handlers);
    const entries = await getTrendingProducts({ timeWindow: '30d', limit: 20, gender: 'M' });
    expect(Object.fromEntries(api.requests[0]!)).toEqual({
      timeWindow: '30d',
      limit: '20',
      gender: 'M',
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      rank: 1,
      product: { _id: navyTee._id, name: navyTee.name },
      totalSwipes: 17,
      engagementScore: 11,
    });
  });

  it('leaves the gender out when none is given', async () => {
    const api = trendingApi();
    server.use(...api.handlers);
    expect(await getTrendingProducts({ timeWindow: '7d', limit: 8 })).toHaveLength(3);
    expect(api.requests[0]!.has('gender')).toBe(false);
  });

  it('drops entries without a product id and reads missing figures as 0', async () => {
    server.use(
      http.get(TRENDING_URL, () =>
        HttpResponse.json({
          success: true,
          data: {
            trendingProducts: [
              { _id: 'x', product: { name: 'No id' }, totalSwipes: 3 },
              null,
              { product: { _id: 'p2', name: 'Bare', price: 100 } },
            ],
          },
        }),
      ),
    );
    const entries = await getTrendingProducts({ timeWindow: '7d', limit: 20 });
    expect(entries).toEqual([
      {
        _id: 'p2',
        rank: 3,
        product: { _id: 'p2', name: 'Bare', price: 100 },
        likes: 0,
        dislikes: 0,
        totalSwipes: 0,
        engagementScore: 0,
        engagementRate: 0,
      },
    ]);
  });

  it('rejects an answer without the list', async () => {
    server.use(http.get(TRENDING_URL, () => HttpResponse.json({ success: true, data: {} })));
    await expect(getTrendingProducts({ timeWindow: '7d', limit: 20 })).rejects.toThrow(
      'Unexpected response format from server',
    );
  });

  it("passes the server's error on", async () => {
    server.use(
      http.get(TRENDING_URL, () =>
        HttpResponse.json(
          { error: 'timeWindow must be 24h, 7d or 30d', code: 'INVALID_TIME_WINDOW' },
          { status: 400 },
        ),
      ),
    );
    const failure = getTrendingProducts({ timeWindow: '7d', limit: 20 });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, code: 'INVALID_TIME_WINDOW' });
  });
});

describe("the 'trendingUpdated' event (000 §4)", () => {
  it('reaches every listener until it stops listening', () => {
    const listener = vi.fn();
    const onWindow = vi.fn();
    window.addEventListener(TRENDING_UPDATED_EVENT, onWindow);
    const stop = onTrendingUpdated(listener);

    announceTrendingUpdated();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(onWindow).toHaveBeenCalledTimes(1);
    expect(TRENDING_UPDATED_EVENT).toBe('trendingUpdated');

    stop();
    announceTrendingUpdated();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(onWindow).toHaveBeenCalledTimes(2);
    window.removeEventListener(TRENDING_UPDATED_EVENT, onWindow);
  });
});
