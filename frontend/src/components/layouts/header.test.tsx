import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { addressKeys } from '@/api/addresses';
import { useSessionActions } from '@/stores/session';
import { addressBookState, savedAddress } from '@/testing/mocks/address-handlers';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';

function signIn() {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser()));
}

/** Counts the reads of the saved addresses, answering `answer`. */
function addressReads(answer: () => Response) {
  const reads = { count: 0 };
  server.use(
    http.get('*/api/users/:userId/shipment', () => {
      reads.count += 1;
      return answer();
    }),
  );
  return reads;
}

const locationButton = (name: string) => screen.findByRole('link', { name });

describe("header's delivery-location button (000 §2.2)", () => {
  it("offers 'Add Address' under 'Delivery Location' to a visitor, reading no addresses", async () => {
    const reads = addressReads(() => HttpResponse.json([savedAddress()]));
    renderApp('/home');
    const button = await locationButton('Delivery Location: Add Address');
    expect(button).toHaveAttribute('href', '/location');
    expect(within(button).getByText('Delivery Location')).toBeInTheDocument();
    expect(reads.count).toBe(0);
  });

  it('shows the default address, area first, when logged in', async () => {
    server.use(
      ...addressBookState([
        savedAddress({ _id: 'a2', isDefault: false, billing_address_2: 'Andheri West, Mumbai' }),
        savedAddress({ _id: 'a1', isDefault: true }),
      ]).handlers,
    );
    signIn();
    renderApp('/home');
    const button = await locationButton('Delivery Location: Fort, Mumbai, Maharashtra 400001');
    expect(button).toHaveAttribute('href', '/location');
    expect(within(button).getByText('Fort, Mumbai, Maharashtra 400001')).toBeInTheDocument();
  });

  it('names the city and pincode when the address has no area line', async () => {
    server.use(...addressBookState([savedAddress({ billing_address_2: ' ' })]).handlers);
    signIn();
    renderApp('/home');
    expect(await locationButton('Delivery Location: Mumbai 400001')).toBeInTheDocument();
  });

  it("offers 'Add Address' when logged in with none saved", async () => {
    const reads = addressReads(() => HttpResponse.json([]));
    signIn();
    renderApp('/home');
    await waitFor(() => expect(reads.count).toBe(1));
    expect(await locationButton('Delivery Location: Add Address')).toBeInTheDocument();
  });

  it('shows the label alone when the addresses cannot be read', async () => {
    const reads = addressReads(() =>
      HttpResponse.json({ error: 'Service temporarily unavailable.', code: 'X' }, { status: 503 }),
    );
    signIn();
    const { queryClient } = renderApp('/home');
    await waitFor(() => expect(reads.count).toBe(1));
    await waitFor(() =>
      expect(queryClient.getQueryState(addressKeys.list('u1'))?.status).toBe('error'),
    );
    const button = await locationButton('Delivery Location');
    expect(within(button).queryByText('Add Address')).not.toBeInTheDocument();
  });
});
