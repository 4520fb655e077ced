import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { getAudit } from './admin-audit';
import { getAdminBrands } from './admin-brands';
import { deleteCategory } from './admin-categories';
import { sendMultipart, toFormData } from './admin-upload';
import { setUserRole } from './admin-users';
import { ApiError } from './client';
import { UNEXPECTED_RESPONSE_CODE } from './guards';

describe('the admin calls', () => {
  it('search brands, and refuse an answer without a list', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/brands', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ success: true, brands: [{ _id: 'b1', name: 'A', version: 1 }, { bad: 1 }] });
      }),
    );
    expect((await getAdminBrands(' loom ')).map((b) => b._id)).toEqual(['b1']);
    expect(await getAdminBrands('')).toHaveLength(1);
    expect(asked).toEqual(['?search=loom', '']);

    server.use(http.get('*/api/admin/brands', () => HttpResponse.json({ success: true })));
    await expect(getAdminBrands()).rejects.toMatchObject({ code: UNEXPECTED_RESPONSE_CODE });
  });

  it('carry 409 IN_USE with its count', async () => {
    server.use(
      http.delete('*/api/admin/categories/:id', () =>
        HttpResponse.json({ error: 'In use.', code: 'IN_USE', count: 7 }, { status: 409 }),
      ),
    );
    const error = (await deleteCategory('c1').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('IN_USE');
    expect(error.body.count).toBe(7);
  });

  it('send no brand with a role other than brand', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/admin/users/:id/role', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, user: { _id: 'u2', role: 2 } });
      }),
    );
    await setUserRole('u2', 'admin', 'b1');
    await setUserRole('u2', 'brand', 'b1');
    expect(bodies).toEqual([
      { role: 'admin', brandId: null },
      { role: 'brand', brandId: 'b1' },
    ]);
  });

  it('leave empty audit filters out', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/audit', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ success: true, entries: [], total: 0, page: 1, limit: 50 });
      }),
    );
    await getAudit({ actor: ' ', entity: '', page: 1 });
    await getAudit({ actor: 'root@shop.in', entity: 'brand', page: 2 });
    expect(asked).toEqual(['?page=1', '?actor=root%40shop.in&entity=brand&page=2']);
  });
});

describe('multipart sends', () => {
  it("turn the server's error body into an ApiError with its fields", async () => {
    server.use(
      http.post('*/api/admin/brands/b1/logo', () =>
        HttpResponse.json(
          { error: 'The image is over 10 MB.', code: 'PAYLOAD_TOO_LARGE' },
          { status: 413 },
        ),
      ),
    );
    const error = (await sendMultipart('/admin/brands/b1/logo', toFormData({ file: new Blob(['x']) })).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(413);
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('The image is over 10 MB.');
  });

  it('leave undefined fields out and write the rest as text', () => {
    const form = toFormData({ title: 'A', priority: 3, isActive: false, campaign: undefined });
    expect([...form.keys()]).toEqual(['title', 'priority', 'isActive']);
    expect(form.get('isActive')).toBe('false');
  });
});
