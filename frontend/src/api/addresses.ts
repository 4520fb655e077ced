// The signed-in shopper's delivery addresses, docs/http-api.md "Delivery addresses" (001 §7's
// shipment calls). They live in src/api, not in a feature, because the header's delivery-location
// button, the profile's saved-addresses panel, the address wizard and checkout all read the
// same list, and shared code never imports a feature (eslint/boundaries.js).

import { api, apiRequest } from './client';
import { hasId, unexpectedResponse as unexpected } from './guards';
import type { components } from './schema';

type Schemas = components['schemas'];

/** What the pincode means for delivery from the warehouse (001 §9): `window` '60-90 min'. */
export type AddressDelivery = Schemas['DeliveryFacts'];

/** The shipment payload (001 §3): what the wizard sends. */
export interface ShipmentPayload {
  billing_customer_name: string;
  billing_phone: string;
  billing_email: string;
  /** Flat and wing joined with ', '. */
  billing_address: string;
  /** The searched or typed address. */
  billing_address_2: string;
  billing_city: string;
  /** Six digits, as a string. */
  billing_pincode: string;
  billing_state: string;
  billing_country: string;
  isDefault?: boolean;
}

/** A saved address (001 §3 Address), as the API answers it. */
export type Address = Schemas['Address'];

export const addressKeys = {
  all: ['addresses'] as const,
  /** One shopper's list: a sign-out never shows the last shopper's addresses from the cache. */
  list: (userId: string) => [...addressKeys.all, 'list', userId] as const,
};

const shipmentPath = (userId: string) => `/users/${encodeURIComponent(userId)}/shipment`;
const addressPath = (userId: string, addressId: string) =>
  `${shipmentPath(userId)}/${encodeURIComponent(addressId)}`;

const isAddress = (value: unknown): value is Address => hasId(value);

/** GET /users/{userId}/shipment: the default first, then newest first. */
export async function getAddresses(userId: string, signal?: AbortSignal): Promise<Address[]> {
  const data = await api.get<unknown>(shipmentPath(userId), { signal });
  if (!Array.isArray(data)) throw unexpected();
  return data.filter(isAddress);
}

/** POST /users/{userId}/shipment: 201 with the saved address. */
export async function createAddress(userId: string, payload: ShipmentPayload): Promise<Address> {
  const address = await api.post<unknown>(shipmentPath(userId), payload);
  if (!isAddress(address)) throw unexpected();
  return address;
}

/** PATCH /users/{userId}/shipment/{addressId} {isDefault: true}: the address, now the default. */
export async function makeDefaultAddress(userId: string, addressId: string): Promise<Address> {
  const address = await apiRequest<unknown>(addressPath(userId, addressId), {
    method: 'PATCH',
    body: { isDefault: true },
  });
  if (!isAddress(address)) throw unexpected();
  return address;
}

/** DELETE /users/{userId}/shipment/{addressId}. */
export async function deleteAddress(userId: string, addressId: string): Promise<void> {
  await api.delete<unknown>(addressPath(userId, addressId));
}

/** The address deliveries go to unless another is chosen: the server keeps exactly one. */
export function defaultAddress(addresses: readonly Address[]): Address | null {
  return addresses.find((address) => address.isDefault) ?? addresses[0] ?? null;
}

/** A one-line name for an address where there is little room (the header): area, else city. */
export function shortAddress(address: Address): string {
  const area = address.billing_address_2.trim();
  if (area !== '') return area;
  return [address.billing_city.trim(), address.billing_pincode.trim()].filter(Boolean).join(' ');
}

/**
 * 'Mumbai, Maharashtra 400001' under an address's area line, or '' when the area already ends
 * with it: a place picked from the search is saved as its whole description ('Fort, Mumbai,
 * Maharashtra 400001'), and the same words twice in a row read as a mistake.
 */
export function placeLine(area: string, city: string, state: string, pincode: string): string {
  const line = [city.trim(), [state.trim(), pincode.trim()].join(' ').trim()]
    .filter(Boolean)
    .join(', ');
  return line !== '' && area.trim().endsWith(line) ? '' : line;
}
