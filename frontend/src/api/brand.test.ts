import { describe, expect, it } from 'vitest';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { brandOrder, requestedOrder, urbanDhaagaBrand } from '@/testing/mocks/brand-handlers';
import { server } from '@/testing/mocks/server';
import { ApiError } from './client';
import { decideCancellation, getBrandOrders, moveDelivery, type BrandOrder } from './brand';
import { UNEXPECTED_RESPONSE_CODE } from './guards';

const answerList = (body: JsonBodyType) =>
  server.use(http.get('*/api/brand/orders', () => HttpResponse.json(body)));

/** Answers both actions with `answer` and records the path and body asked for. */
function recordActions(answer: () => Response) {
  const calls: { path: string; body: unknown }[] = [];
  server.use(
    http.post('*/api/brand/orders/:orderId/:action', async ({ request }) => {
      calls.push({ path: new URL(request.url).pathname, body: await request.json() });
      return answer();
    }),
  );
  return calls;
}

const unexpected: unknown = expect.objectContaining({ code: UNEXPECTED_RESPONSE_CODE });

describe('brand console API (docs/http-api.md, The brand console)', () => {
  it("reads the brand and its orders, with each order's open request", async () => {
    const orders = [requestedOrder(), brandOrder()];
    answerList({ success: true, brand: urbanDhaagaBrand, orders });
    const answer = await getBrandOrders();
    expect(answer.brand).toEqual(urbanDhaagaBrand);
    expect(answer.orders.map((o) => o.cancelRequest?.reason ?? null)).toEqual([
      'Ordered the wrong size',
      null,
    ]);
  });

  it("reads an admin's console, which has no brand of its own", async () => {
    answerList({ success: true, brand: null, orders: [brandOrder()] });
    expect((await getBrandOrders()).brand).toBeNull();
  });

  it('leaves out what is not an order, and fills in what an order leaves out', async () => {
    const bare: Partial<BrandOrder> = brandOrder();
    delete bare.brandName;
    delete bare.customerEmail;
    delete bare.cancelRequest;
    answerList({ success: true, brand: null, orders: [bare, { _id: 'o-2' }, null] });
    const { orders } = await getBrandOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ brandName: '', customerEmail: '', cancelRequest: null });
  });

  it.each([
    ['no success', { brand: null, orders: [] }],
    ['no orders', { success: true, brand: null }],
    ['no brand', { success: true, orders: [] }],
    ['a brand without a name', { success: true, brand: { _id: 'b1' }, orders: [] }],
  ])('refuses an answer with %s', async (_, body) => {
    answerList(body);
    await expect(getBrandOrders()).rejects.toEqual(unexpected);
  });

  it('moves an order, its id in the path', async () => {
    const moved = brandOrder({ deliveryStatus: 'Shipped' });
    const calls = recordActions(() => HttpResponse.json({ success: true, order: moved }));
    expect(await moveDelivery('a/b', 'Shipped')).toEqual(moved);
    expect(calls).toEqual([
      { path: '/api/brand/orders/a%2Fb/delivery', body: { deliveryStatus: 'Shipped' } },
    ]);
  });

  it('decides a cancellation request', async () => {
    const calls = recordActions(() => HttpResponse.json({ success: true, order: brandOrder() }));
    await decideCancellation('o-1', 'reject');
    expect(calls).toEqual([
      { path: '/api/brand/orders/o-1/cancellation', body: { decision: 'reject' } },
    ]);
  });

  it("carries the server's refusal", async () => {
    const message = 'An order cannot go back from Shipped to Processing.';
    recordActions(() =>
      HttpResponse.json({ error: message, code: 'INVALID_MOVE' }, { status: 422 }),
    );
    const refusal = await moveDelivery('o-1', 'Processing').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 422, code: 'INVALID_MOVE', message });
  });

  it('refuses an action answered without its order', async () => {
    recordActions(() => HttpResponse.json({ success: true }));
    await expect(decideCancellation('o-1', 'approve')).rejects.toEqual(unexpected);
  });
});
