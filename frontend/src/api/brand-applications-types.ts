// Brand applications (docs/http-api.md, "Brand applications"), from the generated schema.
import type { components } from './schema';

type Schemas = components['schemas'];

export type ApplicationStatus = Schemas['ApplicationStatus'];
export type ApplicationGender = Schemas['Gender'];
export type BrandApplication = Schemas['Application'];

/** The body of POST /api/brand-applications (the form always sends a gender). */
export type NewBrandApplication = Schemas['NewApplicationBody'] & { gender: ApplicationGender };

/** The body of POST /api/admin/brand-applications/{id}/reject. */
export type RejectBody = Schemas['RejectBody'];

export const applicationKeys = {
  all: ['brand-applications'] as const,
  mine: () => [...applicationKeys.all, 'mine'] as const,
  admin: (status: ApplicationStatus | '') => [...applicationKeys.all, 'admin', status] as const,
};
