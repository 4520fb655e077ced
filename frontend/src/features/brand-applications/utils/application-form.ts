// The application form's fields and rules, checked as typed with the same rules the server
// applies (lib/india-ids.ts); the server's own field errors are shown at the same fields.

import type { ApplicationGender, NewBrandApplication } from '@/api/brand-applications-types';
import { bankAccount, gstin, ifsc, indianMobile, pan, type IdResult } from '@/lib/india-ids';

export type FieldName = Exclude<keyof NewBrandApplication, 'gender'>;

export type FormValues = Record<FieldName, string> & { gender: ApplicationGender };

export const EMPTY_FORM: FormValues = {
  name: '',
  gender: 'unisex',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  gstin: '',
  pan: '',
  bankAccount: '',
  ifsc: '',
  pickupAddress: '',
  pickupPincode: '',
  returnPolicy: '',
  shippingPolicy: '',
};

export const LIMITS = { name: 100, contactName: 100, pickupAddress: 300, policy: 5000 } as const;

const REQUIRED = 'Required';

const text = (value: string, max: number): string | undefined => {
  const trimmed = value.trim();
  if (!trimmed) return REQUIRED;
  if ([...trimmed].length > max) return `Must be at most ${max} characters`;
  return undefined;
};

const id = (result: IdResult) => (result.ok ? undefined : result.message);

// The shape the server accepts; it decides the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** Every broken field's message, by wire name. */
export function formErrors(values: FormValues): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {
    name: text(values.name, LIMITS.name),
    contactName: text(values.contactName, LIMITS.contactName),
    contactEmail: values.contactEmail.trim()
      ? EMAIL.test(values.contactEmail.trim())
        ? undefined
        : 'Enter a valid e-mail address'
      : REQUIRED,
    contactPhone: id(indianMobile(values.contactPhone)),
    gstin: id(gstin(values.gstin)),
    pan: id(pan(values.pan, values.gstin)),
    bankAccount: id(bankAccount(values.bankAccount)),
    ifsc: id(ifsc(values.ifsc)),
    pickupAddress: text(values.pickupAddress, LIMITS.pickupAddress),
    pickupPincode: /^[1-9][0-9]{5}$/.test(values.pickupPincode.trim())
      ? undefined
      : values.pickupPincode.trim()
        ? 'A pincode is 6 digits'
        : REQUIRED,
    returnPolicy: text(values.returnPolicy, LIMITS.policy),
    shippingPolicy: text(values.shippingPolicy, LIMITS.policy),
  };
  for (const key of Object.keys(errors) as FieldName[]) {
    if (errors[key] === undefined) delete errors[key];
  }
  return errors;
}

/** The form's sections, in order, with their fields. */
export const SECTIONS: readonly { title: string; fields: readonly FieldName[] }[] = [
  { title: 'Your brand', fields: ['name'] },
  { title: 'Contact', fields: ['contactName', 'contactEmail', 'contactPhone'] },
  { title: 'Tax and bank', fields: ['gstin', 'pan', 'bankAccount', 'ifsc'] },
  { title: 'Pickup', fields: ['pickupAddress', 'pickupPincode'] },
  { title: 'Policies', fields: ['returnPolicy', 'shippingPolicy'] },
];

export const FIELD_LABELS: Record<FieldName, { label: string; hint?: string }> = {
  name: { label: 'Brand name' },
  contactName: { label: 'Your name' },
  contactEmail: { label: 'Contact e-mail' },
  contactPhone: { label: 'Mobile number', hint: '10 digits, starting with 6, 7, 8 or 9' },
  gstin: { label: 'GSTIN', hint: '15 characters, like 27AAPFU0939F1ZV' },
  pan: { label: 'PAN', hint: "Your GSTIN's characters 3 to 12" },
  bankAccount: { label: 'Bank account number', hint: 'Stored encrypted; shown to us masked' },
  ifsc: { label: 'IFSC', hint: 'Like HDFC0001234' },
  pickupAddress: { label: 'Pickup address' },
  pickupPincode: { label: 'Pickup pincode' },
  returnPolicy: { label: 'Return policy' },
  shippingPolicy: { label: 'Shipping policy' },
};

/** The body to send: identifiers in capitals, text trimmed. */
export function toBody(values: FormValues): NewBrandApplication {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value.trim()]),
  ) as FormValues;
  return {
    ...trimmed,
    gstin: trimmed.gstin.toUpperCase(),
    pan: trimmed.pan.toUpperCase(),
    ifsc: trimmed.ifsc.toUpperCase(),
  };
}
