// In-memory brand applications API for the screens' tests, speaking the documented contract.
import { http, HttpResponse } from 'msw';
import type { BrandApplication, NewBrandApplication } from '@/api/brand-applications-types';

export function application(overrides: Partial<BrandApplication> = {}): BrandApplication {
  return {
    _id: 'app1',
    name: 'Kora Studio',
    gender: 'female',
    contactName: 'Asha Rao',
    contactEmail: 'asha@kora.in',
    contactPhone: '9876543210',
    gstin: '27AAPFU0939F1ZV',
    pan: 'AAPFU0939F',
    bankAccount: 'XXXXXXXX4567',
    ifsc: 'HDFC0001234',
    pickupAddress: '12 Mint Road',
    pickupPincode: '400001',
    pickupCity: 'Mumbai',
    pickupState: 'Maharashtra',
    returnPolicy: '7 days',
    shippingPolicy: '2 days',
    status: 'pending',
    reason: null,
    brandId: null,
    applicant: { _id: 'u2', email: 'asha@example.in' },
    createdAt: '2026-11-23T10:00:00Z',
    decidedAt: null,
    ...overrides,
  };
}

export function applicationsState(initial: BrandApplication[] = []) {
  const state = {
    applications: [...initial],
    sent: [] as NewBrandApplication[],
    decisions: [] as { id: string; verb: string; body: unknown }[],
    /** The next POST answers this 400's fields instead. */
    refuseWith: null as Record<string, string> | null,
  };
  const handlers = [
    http.get('*/api/brand-applications/mine', () =>
      HttpResponse.json({ success: true, applications: state.applications }),
    ),
    http.post('*/api/brand-applications', async ({ request }) => {
      const body = (await request.json()) as NewBrandApplication;
      state.sent.push(body);
      if (state.refuseWith) {
        const fields = state.refuseWith;
        state.refuseWith = null;
        return HttpResponse.json(
          { error: Object.values(fields)[0], code: 'VALIDATION_FAILED', fields },
          { status: 400 },
        );
      }
      const created = application({ ...body, _id: `app${state.applications.length + 2}`, bankAccount: 'XXXXXXXX4567' });
      state.applications.unshift(created);
      return HttpResponse.json({ success: true, application: created }, { status: 201 });
    }),
    http.get('*/api/admin/brand-applications', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json({
        success: true,
        applications: state.applications.filter((a) => !status || a.status === status),
      });
    }),
    http.post('*/api/admin/brand-applications/:id/:verb', async ({ params, request }) => {
      const id = String(params.id);
      const verb = String(params.verb);
      const body = verb === 'reject' ? await request.json() : null;
      state.decisions.push({ id, verb, body });
      const found = state.applications.find((a) => a._id === id);
      if (!found) return HttpResponse.json({ error: 'Application not found.', code: 'NOT_FOUND' }, { status: 404 });
      if (verb === 'approve') {
        found.status = 'approved';
        found.brandId = 'b9';
        return HttpResponse.json({ success: true, application: found, brandId: 'b9' });
      }
      found.status = 'rejected';
      found.reason = (body as { reason: string }).reason;
      return HttpResponse.json({ success: true, application: found });
    }),
  ];
  return { state, handlers };
}
