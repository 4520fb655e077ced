// In-memory admin API for the admin console's tests, speaking the documented wire contract.
import { http, HttpResponse } from 'msw';
import type {
  AdminBrand,
  AdminCategory,
  AdminUser,
  AuditEntry,
  Banner,
} from '@/api/admin-types';
import { useSessionActions } from '@/stores/session';
import { serverUser } from '@/testing/mocks/users';
import { act, renderHook } from '@/testing/test-utils';

export function signInAs(role: 0 | 1 | 2) {
  const { result } = renderHook(() => useSessionActions());
  act(() =>
    result.current.loggedIn(serverUser({ role, email: role === 2 ? 'root@shop.in' : 'asha@example.in' })),
  );
}

export function brand(overrides: Partial<AdminBrand> = {}): AdminBrand {
  return {
    _id: 'b1',
    name: 'Urban Loom',
    description: 'Street cotton',
    logo_url: null,
    isActive: true,
    gender: 'unisex',
    version: 1,
    productCount: 12,
    commissionRate: 0,
    ...overrides,
  };
}

export function category(overrides: Partial<AdminCategory> = {}): AdminCategory {
  return {
    _id: 'c1',
    name: 'Tops',
    gender: 'female',
    parentCategory: null,
    image: '',
    position: 0,
    version: 1,
    productCount: 3,
    ...overrides,
  };
}

export function banner(overrides: Partial<Banner> = {}): Banner {
  return {
    _id: 'i1',
    title: 'Monsoon sale',
    url: '/media/monsoon.jpg',
    srcset: '',
    category: 'hero',
    device: 'all',
    tags: ['sale'],
    campaign: 'monsoon',
    displayPeriod: { startDate: null, endDate: null },
    priority: 5,
    isActive: true,
    version: 1,
    ...overrides,
  };
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: 'u2',
    email: 'ravi@example.in',
    display_name: 'Ravi',
    role: 0,
    brand: null,
    createdAt: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'a1',
    at: '2026-11-28T06:00:00Z',
    actor: { _id: 'u1', email: 'root@shop.in', role: 'admin' },
    brandId: 'b1',
    action: 'update',
    entity: 'brand',
    entityId: 'b1',
    before: { name: 'Urban Loom', isActive: true, version: 1 },
    after: { name: 'Urban Loom', isActive: false, version: 2 },
    ...overrides,
  };
}

/** A 4xx answer in the server's error shape. */
export const refusal = (status: number, code: string, error: string, extra: object = {}) =>
  HttpResponse.json({ error, code, ...extra }, { status });

/** The brands, with calls recorded; writes change the list. */
export function brandsState(initial: AdminBrand[] = [brand()]) {
  const state = { brands: [...initial], requests: [] as { method: string; body: unknown }[] };
  const handlers = [
    http.get('*/api/admin/brands', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
      return HttpResponse.json({
        success: true,
        brands: state.brands.filter((b) => b.name.toLowerCase().includes(search)),
      });
    }),
    http.post('*/api/admin/brands', async ({ request }) => {
      const body = (await request.json()) as Partial<AdminBrand>;
      state.requests.push({ method: 'POST', body });
      const created = brand({ ...body, _id: `b${state.brands.length + 1}`, productCount: 0 });
      state.brands.push(created);
      return HttpResponse.json({ success: true, brand: created }, { status: 201 });
    }),
    http.patch('*/api/admin/brands/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<AdminBrand>;
      state.requests.push({ method: 'PATCH', body });
      const index = state.brands.findIndex((b) => b._id === params.id);
      const current = state.brands[index];
      if (!current) return refusal(404, 'NOT_FOUND', 'Brand not found.');
      if (body.version !== current.version) {
        return refusal(409, 'STALE_EDIT', 'Someone else changed this brand.', { current });
      }
      const next = { ...current, ...body, version: current.version + 1 };
      state.brands[index] = next;
      return HttpResponse.json({ success: true, brand: next });
    }),
    http.post('*/api/admin/brands/:id/logo', ({ params }) => {
      state.requests.push({ method: 'LOGO', body: params.id });
      const index = state.brands.findIndex((b) => b._id === params.id);
      const next = { ...state.brands[index]!, logo_url: '/media/logo.png' };
      state.brands[index] = next;
      return HttpResponse.json({ success: true, brand: next });
    }),
  ];
  return { state, handlers };
}

/** The categories, with calls recorded. */
export function categoriesState(initial: AdminCategory[]) {
  const state = { categories: [...initial], requests: [] as { method: string; body: unknown }[] };
  const handlers = [
    http.get('*/api/admin/categories', () =>
      HttpResponse.json({ success: true, categories: state.categories }),
    ),
    http.put('*/api/admin/categories/order', async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      state.requests.push({ method: 'ORDER', body });
      state.categories = state.categories.map((c) =>
        body.ids.includes(c._id) ? { ...c, position: body.ids.indexOf(c._id) } : c,
      );
      return HttpResponse.json({ success: true, categories: state.categories });
    }),
    http.post('*/api/admin/categories', async ({ request }) => {
      const body = (await request.json()) as { name: string; gender: 'female'; parentId: string | null };
      state.requests.push({ method: 'POST', body });
      const parent = state.categories.find((c) => c._id === body.parentId);
      const created = category({
        _id: `c${state.categories.length + 1}`,
        name: body.name,
        gender: body.gender,
        parentCategory: parent ? { _id: parent._id, name: parent.name } : null,
        position: 99,
        productCount: 0,
      });
      state.categories.push(created);
      return HttpResponse.json({ success: true, category: created }, { status: 201 });
    }),
    http.patch('*/api/admin/categories/:id', async ({ request, params }) => {
      const body = (await request.json()) as { name?: string; version: number };
      state.requests.push({ method: 'PATCH', body });
      const index = state.categories.findIndex((c) => c._id === params.id);
      const current = state.categories[index]!;
      if (body.version !== current.version) {
        return refusal(409, 'STALE_EDIT', 'Someone else changed this category.', { current });
      }
      const next = { ...current, name: body.name ?? current.name, version: current.version + 1 };
      state.categories[index] = next;
      return HttpResponse.json({ success: true, category: next });
    }),
    http.delete('*/api/admin/categories/:id', ({ params }) => {
      state.requests.push({ method: 'DELETE', body: params.id });
      const current = state.categories.find((c) => c._id === params.id)!;
      if (current.productCount > 0) {
        return refusal(409, 'IN_USE', 'The category is in use.', { count: current.productCount });
      }
      state.categories = state.categories.filter((c) => c._id !== params.id);
      return HttpResponse.json({ success: true });
    }),
  ];
  return { state, handlers };
}

/** The users (20 a page), with role changes recorded; the last admin cannot be demoted. */
export function usersState(initial: AdminUser[], brands: AdminBrand[] = [brand()]) {
  const state = { users: [...initial], requests: [] as { id: string; body: unknown }[] };
  const handlers = [
    ...brandsState(brands).handlers,
    http.get('*/api/admin/users', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const search = params.get('search')?.toLowerCase() ?? '';
      const page = Number(params.get('page') ?? 1);
      const found = state.users.filter((u) => (u.email ?? '').includes(search));
      return HttpResponse.json({
        success: true,
        users: found.slice((page - 1) * 20, page * 20),
        total: found.length,
        page,
        limit: 20,
      });
    }),
    http.put('*/api/admin/users/:id/role', async ({ request, params }) => {
      const body = (await request.json()) as { role: 'shopper' | 'brand' | 'admin'; brandId: string | null };
      state.requests.push({ id: String(params.id), body });
      const index = state.users.findIndex((u) => u._id === params.id);
      const current = state.users[index]!;
      const admins = state.users.filter((u) => u.role === 2).length;
      if (current.role === 2 && body.role !== 'admin' && admins === 1) {
        return refusal(409, 'LAST_ADMIN', 'The shop needs at least one admin.');
      }
      const role = ({ shopper: 0, brand: 1, admin: 2 } as const)[body.role];
      const picked = brands.find((b) => b._id === body.brandId);
      const next = {
        ...current,
        role,
        brand: picked ? { _id: picked._id, name: picked.name } : null,
      };
      state.users[index] = next;
      return HttpResponse.json({ success: true, user: next });
    }),
  ];
  return { state, handlers };
}

/** The banners; multipart writes are recorded as their text fields (and the file's name). */
export function bannersState(initial: Banner[]) {
  const state = {
    banners: [...initial],
    requests: [] as { method: string; fields: Record<string, string> }[],
  };
  const fieldsOf = async (request: Request) => {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    form.forEach((value, key) => {
      fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
    });
    return fields;
  };
  const handlers = [
    http.get('*/api/admin/static-images', () =>
      HttpResponse.json({ success: true, images: state.banners }),
    ),
    http.post('*/api/admin/static-images', async ({ request }) => {
      const fields = await fieldsOf(request);
      state.requests.push({ method: 'POST', fields });
      const created = banner({
        _id: `i${state.banners.length + 1}`,
        title: fields.title,
        url: '/media/new.jpg',
        category: fields.category as Banner['category'],
        device: fields.device as Banner['device'],
        tags: fields.tags ? fields.tags.split(',') : [],
        priority: Number(fields.priority),
        isActive: fields.isActive === 'true',
      });
      state.banners.push(created);
      return HttpResponse.json({ success: true, image: created }, { status: 201 });
    }),
    http.patch('*/api/admin/static-images/:id', async ({ request, params }) => {
      const fields = await fieldsOf(request);
      state.requests.push({ method: 'PATCH', fields });
      const index = state.banners.findIndex((b) => b._id === params.id);
      const current = state.banners[index]!;
      if (Number(fields.version) !== current.version) {
        return refusal(409, 'STALE_EDIT', 'Someone else changed this banner.', { current });
      }
      const next = { ...current, title: fields.title ?? current.title, version: current.version + 1 };
      state.banners[index] = next;
      return HttpResponse.json({ success: true, image: next });
    }),
    http.delete('*/api/admin/static-images/:id', ({ params }) => {
      state.requests.push({ method: 'DELETE', fields: { id: String(params.id) } });
      state.banners = state.banners.filter((b) => b._id !== params.id);
      return HttpResponse.json({ success: true });
    }),
  ];
  return { state, handlers };
}
