import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formErrors, toBody, type FormValues } from './application-form';

const VALID: FormValues = {
  name: 'Kora Studio',
  gender: 'female',
  contactName: 'Asha Rao',
  contactEmail: 'asha@kora.in',
  contactPhone: '98765 43210',
  gstin: '27aapfu0939f1zv',
  pan: 'AAPFU0939F',
  bankAccount: '501001234567',
  ifsc: 'HDFC0001234',
  pickupAddress: '12 Mint Road',
  pickupPincode: '400001',
  returnPolicy: '7 days',
  shippingPolicy: '2 days',
};

describe('application form', () => {
  it('names every empty field', () => {
    expect(Object.keys(formErrors(EMPTY_FORM)).sort()).toEqual(
      [
        'bankAccount',
        'contactEmail',
        'contactName',
        'contactPhone',
        'gstin',
        'ifsc',
        'name',
        'pan',
        'pickupAddress',
        'pickupPincode',
        'returnPolicy',
        'shippingPolicy',
      ].sort(),
    );
  });
  it('passes a complete application', () => expect(formErrors(VALID)).toEqual({}));
  it('checks the PAN against the GSTIN', () => {
    expect(formErrors({ ...VALID, pan: 'AAGCB7383J' }).pan).toContain('AAPFU0939F');
  });
  it('catches a GSTIN typo by its check character', () => {
    expect(formErrors({ ...VALID, gstin: '27AAPFU0939F1ZW' }).gstin).toMatch(/check it for a typo/);
  });
  it('sends identifiers in capitals', () => {
    expect(toBody(VALID).gstin).toBe('27AAPFU0939F1ZV');
  });
});
