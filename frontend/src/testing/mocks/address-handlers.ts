import { http, HttpResponse } from 'msw';
import type { Address, ShipmentPayload } from '@/api/addresses';
import type { Place, PlacePrediction } from '@/api/places';

// The delivery-address and places calls (docs/http-api.md, "Delivery addresses", "Places") as
// the API answers them.

/** A saved address: Asha's flat in Fort unless overridden. */
export function savedAddress(overrides: Partial<Address> = {}): Address {
  return {
    _id: 'a1',
    billing_customer_name: 'Asha Rao',
    billing_phone: '9876543210',
    billing_email: 'asha@gmail.com',
    billing_address: 'Flat 12, Wing B Sea View',
    billing_address_2: 'Fort, Mumbai, Maharashtra 400001',
    billing_city: 'Mumbai',
    billing_pincode: '400001',
    billing_state: 'Maharashtra',
    billing_country: 'India',
    isDefault: true,
    createdAt: '2026-11-23T10:00:00Z',
    delivery: {
      distanceKm: 0,
      expressAvailable: true,
      window: '60-90 min',
      minMinutes: 60,
      maxMinutes: 90,
    },
    ...overrides,
  };
}

const addressNotFound = () =>
  HttpResponse.json({ error: 'Address not found.', code: 'NOT_FOUND' }, { status: 404 });

/**
 * A signed-in shopper's addresses that the calls change, for one test:
 * `server.use(...book.handlers)`. `addresses()` is the list as the server now holds it; `sent`
 * the bodies of the saves.
 */
export function addressBookState(initial: Address[] = []) {
  let addresses = [...initial];
  const sent: ShipmentPayload[] = [];
  const defaultFirst = () => [
    ...addresses.filter((address) => address.isDefault),
    ...addresses.filter((address) => !address.isDefault),
  ];
  const handlers = [
    http.get('*/api/users/:userId/shipment', () => HttpResponse.json(defaultFirst())),
    http.post('*/api/users/:userId/shipment', async ({ request }) => {
      const body = (await request.json()) as ShipmentPayload;
      sent.push(body);
      const address = savedAddress({
        ...body,
        _id: `a${sent.length + 100}`,
        isDefault: addresses.length === 0 || body.isDefault === true,
        createdAt: new Date().toISOString(),
      });
      if (address.isDefault) addresses = addresses.map((a) => ({ ...a, isDefault: false }));
      addresses = [address, ...addresses];
      return HttpResponse.json(address, { status: 201 });
    }),
    http.patch('*/api/users/:userId/shipment/:addressId', ({ params }) => {
      const chosen = addresses.find((address) => address._id === params.addressId);
      if (!chosen) return addressNotFound();
      addresses = addresses.map((a) => ({ ...a, isDefault: a._id === chosen._id }));
      return HttpResponse.json({ ...chosen, isDefault: true });
    }),
    http.delete('*/api/users/:userId/shipment/:addressId', ({ params }) => {
      const gone = addresses.find((address) => address._id === params.addressId);
      if (!gone) return addressNotFound();
      addresses = addresses.filter((address) => address !== gone);
      const [newest] = addresses;
      if (gone.isDefault && newest) {
        addresses = [{ ...newest, isDefault: true }, ...addresses.slice(1)];
      }
      return HttpResponse.json({ success: true });
    }),
  ];
  return { handlers, addresses: () => defaultFirst(), sent };
}

/** Fort, as the directory answers it. */
export const fortPlace: Place = {
  placeId: 'in-400001-fort',
  locality: 'Fort',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400001',
  country: 'India',
  formatted: 'Fort, Mumbai, Maharashtra 400001, India',
  location: { lat: 18.93, lng: 72.83 },
};

export const fortPrediction: PlacePrediction = {
  placeId: fortPlace.placeId,
  mainText: 'Fort',
  secondaryText: 'Mumbai, Maharashtra 400001',
  description: 'Fort, Mumbai, Maharashtra 400001',
};

/**
 * The defaults every test gets: no saved addresses (a test that needs some uses
 * `addressBookState`), and a directory that knows only Fort.
 */
export const addressHandlers = [
  http.get('*/api/users/:userId/shipment', () => HttpResponse.json([])),
  http.get('*/api/places/autocomplete', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
    const predictions = 'fort'.startsWith(q) || q.startsWith('fort') ? [fortPrediction] : [];
    return HttpResponse.json({ success: true, data: { predictions } });
  }),
  http.get('*/api/places/:placeId', ({ params }) =>
    params.placeId === fortPlace.placeId
      ? HttpResponse.json({ success: true, data: fortPlace })
      : HttpResponse.json({ error: 'Place not found.', code: 'NOT_FOUND' }, { status: 404 }),
  ),
];
