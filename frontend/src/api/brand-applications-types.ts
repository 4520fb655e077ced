// Brand applications (docs/http-api.md, "Brand applications"), written by hand from the contract
// until the generated schema carries them; switch to components['schemas'] then.

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';
export type ApplicationGender = 'male' | 'female' | 'unisex';

export interface BrandApplication {
  _id: string;
  name: string;
  gender: ApplicationGender;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  gstin: string;
  pan: string;
  /** Masked: every digit but the last 4 as X. */
  bankAccount: string;
  ifsc: string;
  pickupAddress: string;
  pickupPincode: string;
  pickupCity: string;
  pickupState: string;
  returnPolicy: string;
  shippingPolicy: string;
  status: ApplicationStatus;
  reason: string | null;
  brandId: string | null;
  applicant: { _id: string; email: string };
  createdAt: string;
  decidedAt: string | null;
}

/** The body of POST /api/brand-applications. */
export interface NewBrandApplication {
  name: string;
  gender: ApplicationGender;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  gstin: string;
  pan: string;
  bankAccount: string;
  ifsc: string;
  pickupAddress: string;
  pickupPincode: string;
  returnPolicy: string;
  shippingPolicy: string;
}

export const applicationKeys = {
  all: ['brand-applications'] as const,
  mine: () => [...applicationKeys.all, 'mine'] as const,
  admin: (status: ApplicationStatus | '') => [...applicationKeys.all, 'admin', status] as const,
};
