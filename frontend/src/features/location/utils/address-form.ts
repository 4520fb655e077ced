import type { ShipmentPayload } from '@/api/addresses';
import type { Place } from '@/api/places';
import {
  PHONE_LENGTH,
  PINCODE_LENGTH,
  isGmailAddress,
  validateAddressContact,
  validateAddressDetails,
  validateAddressSearch,
  type FieldErrors,
} from '@/lib/validation';
import type { SessionUser } from '@/stores/session';

/** The address form (001 §3), one field per input of the wizard. */
export interface AddressForm {
  addressSearch: string;
  flatNumber: string;
  wingBuilding: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
  fullName: string;
  phone: string;
  email: string;
}

export type AddressField = keyof AddressForm;
export type AddressErrors = FieldErrors<AddressField>;

export const STEP_COUNT = 4;
export type Step = 1 | 2 | 3 | 4;

export const STEP_TITLES: Record<Step, string> = {
  1: 'Locate Your Address',
  2: 'Address Details',
  3: 'Contact Information',
  4: 'Review Address',
};

/** The fields each step shows, top to bottom: the first one in error takes focus. */
export const STEP_FIELDS: Record<Exclude<Step, 4>, readonly AddressField[]> = {
  1: ['addressSearch'],
  2: ['flatNumber', 'wingBuilding', 'addressSearch', 'city', 'state', 'pincode', 'country'],
  3: ['fullName', 'phone', 'email'],
};

/** 001 §3: the country defaults to India. */
export const DEFAULT_COUNTRY = 'India';

/** A new form: the contact fields from the signed-in shopper where they fit the rules. */
export function initialAddressForm(user: SessionUser): AddressForm {
  const phone = user.phoneNumber.replace(/\D/gu, '');
  return {
    addressSearch: '',
    flatNumber: '',
    wingBuilding: '',
    city: '',
    state: '',
    pincode: '',
    country: DEFAULT_COUNTRY,
    fullName: user.isLoggedIn ? user.name.trim() : '',
    phone: user.isLoggedIn && phone.length === PHONE_LENGTH ? phone : '',
    email: user.isLoggedIn && isGmailAddress(user.email.trim()) ? user.email.trim() : '',
  };
}

/** Digits only, at most `max` (001 §5: pincode input capped at 6, phone at 10). */
const digits = (value: string, max: number) => value.replace(/\D/gu, '').slice(0, max);

/** What an input's change puts in the form: the pincode and phone boxes take digits only. */
export function fieldValue(field: AddressField, raw: string): string {
  if (field === 'pincode') return digits(raw, PINCODE_LENGTH);
  if (field === 'phone') return digits(raw, PHONE_LENGTH);
  return raw;
}

/**
 * The rules of one step (001 §5). Step 2 shows the searched address too, for typing it by hand
 * (001 §2), but its Next checks only the step's own six fields, as the specification lists them.
 */
export function validateStep(step: Step, form: AddressForm): AddressErrors {
  switch (step) {
    case 1:
      return validateAddressSearch(form);
    case 2:
      return validateAddressDetails(form);
    case 3:
      return validateAddressContact(form);
    case 4:
      return validateAddress(form);
  }
}

/** Every rule of the form: Save is enabled only when this is empty (001 §5). */
export function validateAddress(form: AddressForm): AddressErrors {
  return {
    ...validateAddressSearch(form),
    ...validateAddressDetails(form),
    ...validateAddressContact(form),
  };
}

/** The picked place's parts, into the form (001 §3 parsed place; the country defaults to India). */
export function withPlace(form: AddressForm, description: string, place: Place): AddressForm {
  return {
    ...form,
    addressSearch: description,
    city: place.city || form.city,
    state: place.state || form.state,
    pincode: digits(place.pincode, PINCODE_LENGTH) || form.pincode,
    country: place.country || DEFAULT_COUNTRY,
  };
}

/** Flat and wing joined with ', ' (001 §3). */
export const houseLine = (form: Pick<AddressForm, 'flatNumber' | 'wingBuilding'>) =>
  [form.flatNumber.trim(), form.wingBuilding.trim()].filter(Boolean).join(', ');

/** The shipment payload (001 §3) of a valid form. */
export function toShipmentPayload(form: AddressForm): ShipmentPayload {
  return {
    billing_customer_name: form.fullName.trim(),
    billing_phone: form.phone.trim(),
    billing_email: form.email.trim(),
    billing_address: houseLine(form),
    billing_address_2: form.addressSearch.trim(),
    billing_city: form.city.trim(),
    billing_pincode: form.pincode.trim(),
    billing_state: form.state.trim(),
    billing_country: form.country.trim() || DEFAULT_COUNTRY,
  };
}

/** Which form field each payload field comes from, to show a 400's `fields` by the input. */
const PAYLOAD_FIELDS: Record<keyof ShipmentPayload, AddressField | null> = {
  billing_customer_name: 'fullName',
  billing_phone: 'phone',
  billing_email: 'email',
  billing_address: 'flatNumber',
  billing_address_2: 'addressSearch',
  billing_city: 'city',
  billing_pincode: 'pincode',
  billing_state: 'state',
  billing_country: 'country',
  isDefault: null,
};

/**
 * A 400's `fields` (docs/http-api.md: the message per payload field), as the form's fields.
 * Anything but a text message per known field is left out.
 */
export function formErrorsFromServer(fields: unknown): AddressErrors {
  const errors: AddressErrors = {};
  if (typeof fields !== 'object' || fields === null) return errors;
  for (const [name, message] of Object.entries(fields)) {
    const field = PAYLOAD_FIELDS[name as keyof ShipmentPayload] as AddressField | null | undefined;
    if (field && typeof message === 'string' && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** After a sign-in on the way: the shopper's details go into the contact fields still empty. */
export function withContactOf(form: AddressForm, user: SessionUser): AddressForm {
  const known = initialAddressForm(user);
  return {
    ...form,
    fullName: form.fullName || known.fullName,
    phone: form.phone || known.phone,
    email: form.email || known.email,
  };
}
