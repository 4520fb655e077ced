import { describe, expect, it } from 'vitest';
import { LOGGED_OUT_USER, toSessionUser } from '@/stores/session';
import { fortPlace } from '@/testing/mocks/address-handlers';
import { serverUser } from '@/testing/mocks/users';
import {
  fieldValue,
  formErrorsFromServer,
  initialAddressForm,
  toShipmentPayload,
  withPlace,
  type AddressForm,
} from './address-form';

const form: AddressForm = {
  addressSearch: ' Fort, Mumbai, Maharashtra 400001 ',
  flatNumber: 'Flat 12 ',
  wingBuilding: ' Wing B Sea View',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400001',
  country: 'India',
  fullName: 'Asha Rao',
  phone: '9876543210',
  email: 'asha@gmail.com',
};

describe('address form (001 §3, §5)', () => {
  it('makes the shipment payload: flat and wing joined, the searched address second', () => {
    expect(toShipmentPayload(form)).toEqual({
      billing_customer_name: 'Asha Rao',
      billing_phone: '9876543210',
      billing_email: 'asha@gmail.com',
      billing_address: 'Flat 12, Wing B Sea View',
      billing_address_2: 'Fort, Mumbai, Maharashtra 400001',
      billing_city: 'Mumbai',
      billing_pincode: '400001',
      billing_state: 'Maharashtra',
      billing_country: 'India',
    });
  });

  it('starts with India and, for a visitor, no contact details', () => {
    expect(initialAddressForm(LOGGED_OUT_USER)).toMatchObject({
      country: 'India',
      fullName: '',
      phone: '',
      email: '',
    });
  });

  it("takes the shopper's name, phone and a @gmail.com e-mail", () => {
    const user = toSessionUser(serverUser({ display_name: 'Asha', email: 'Asha@Gmail.com' }));
    expect(initialAddressForm(user)).toMatchObject({
      fullName: 'Asha',
      phone: '9876543210',
      email: 'Asha@Gmail.com',
    });
  });

  it('keeps digits only in the pincode (6) and the phone (10)', () => {
    expect(fieldValue('pincode', '4000 01 9')).toBe('400001');
    expect(fieldValue('phone', '+91 98765 43210')).toBe('9198765432');
    expect(fieldValue('city', ' Navi Mumbai ')).toBe(' Navi Mumbai ');
  });

  it("fills city, state, pincode and country from a picked place, and the search text", () => {
    const empty = initialAddressForm(LOGGED_OUT_USER);
    expect(withPlace({ ...empty, country: '' }, 'Fort, Mumbai', fortPlace)).toMatchObject({
      addressSearch: 'Fort, Mumbai',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400001',
      country: 'India',
    });
  });

  it("puts the server's message per payload field on the form's fields", () => {
    expect(
      formErrorsFromServer({
        billing_pincode: '6-digit pincode required',
        billing_address: 'Flat/House number required',
        billing_address_2: 'Pick an address or type manually',
        unknown_field: 'ignored',
        billing_city: 3,
      }),
    ).toEqual({
      pincode: '6-digit pincode required',
      flatNumber: 'Flat/House number required',
      addressSearch: 'Pick an address or type manually',
    });
    expect(formErrorsFromServer(undefined)).toEqual({});
  });
});
