import { describe, expect, it } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useSessionActions } from '@/stores/session';
import { addressBookState, savedAddress } from '@/testing/mocks/address-handlers';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { ADDRESS_TEXTS } from '../saved-addresses';

function signIn() {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser()));
}

const fort = savedAddress();
const andheri = savedAddress({
  _id: 'a2',
  isDefault: false,
  billing_customer_name: 'Ravi Rao',
  billing_phone: '9123456780',
  billing_address: 'Flat 4, Lotus Court',
  billing_address_2: 'Andheri West, Mumbai',
  billing_pincode: '400058',
  createdAt: '2026-11-22T10:00:00Z',
  delivery: {
    distanceKm: 0,
    expressAvailable: false,
    window: '2-4 h',
    minMinutes: 120,
    maxMinutes: 240,
  },
});

/** Opens the profile's Addresses panel. */
async function openPanel(user: UserEvent) {
  renderApp('/profile');
  const menu = await screen.findByRole('navigation', { name: 'Account' });
  await user.click(within(menu).getByRole('button', { name: 'Addresses' }));
}

const card = async (name: string) =>
  within(await screen.findByRole('list', { name: 'Saved addresses' })).getByRole('listitem', {
    name,
  });

describe("Profile's saved addresses (001 §2, §5, §8)", () => {
  it('lists each address with its lines, phone, default tag and delivery window', async () => {
    const user = userEvent.setup();
    server.use(...addressBookState([andheri, fort]).handlers);
    signIn();
    await openPanel(user);

    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const cards = within(list).getAllByRole('listitem');
    // The default first (the server's order).
    expect(cards.map((item) => item.getAttribute('aria-label'))).toEqual(['Asha Rao', 'Ravi Rao']);

    const asha = await card('Asha Rao');
    expect(within(asha).getByText('Default')).toBeInTheDocument();
    expect(within(asha).getByText('Flat 12, Wing B Sea View')).toBeInTheDocument();
    expect(within(asha).getByText('Fort, Mumbai, Maharashtra 400001')).toBeInTheDocument();
    expect(
      within(asha).queryByText('Mumbai, Maharashtra 400001'),
      'the picked description already ends with the place line',
    ).not.toBeInTheDocument();
    expect(within(asha).getByText('+91 98765 43210')).toBeInTheDocument();
    expect(within(asha).getByText(/Delivery in 60-90 min/)).toBeInTheDocument();
    expect(within(asha).getByText('Express available')).toBeInTheDocument();
    expect(within(asha).queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();

    const ravi = await card('Ravi Rao');
    expect(within(ravi).queryByText('Default')).not.toBeInTheDocument();
    expect(within(ravi).getByText(/Delivery in 2-4 h/)).toBeInTheDocument();
    expect(within(ravi).queryByText('Express available')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Address' })).toHaveAttribute(
      'href',
      '/location',
    );
  });

  it("offers 'Add Address' when none is saved", async () => {
    const user = userEvent.setup();
    signIn();
    await openPanel(user);
    expect(await screen.findByText(ADDRESS_TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Address' })).toHaveAttribute('href', '/location');
  });

  it('shows a loading state, then the addresses', async () => {
    const user = userEvent.setup();
    let answer: (() => void) | undefined;
    server.use(
      http.get('*/api/users/:userId/shipment', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json([fort]);
      }),
    );
    signIn();
    await openPanel(user);
    expect(await screen.findByRole('status')).toHaveTextContent(ADDRESS_TEXTS.loading);
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer!());
    expect(await card('Asha Rao')).toBeInTheDocument();
    expect(screen.queryByText(ADDRESS_TEXTS.loading)).not.toBeInTheDocument();
  });

  it("says 'Failed to load addresses.' and tries again", async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      http.get('*/api/users/:userId/shipment', () =>
        fail
          ? HttpResponse.json({ error: 'Unavailable.', code: 'X' }, { status: 503 })
          : HttpResponse.json([fort]),
      ),
    );
    signIn();
    await openPanel(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(ADDRESS_TEXTS.loadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await card('Asha Rao')).toBeInTheDocument();
  });

  it("deletes an address after 'Delete this address?'", async () => {
    const user = userEvent.setup();
    const book = addressBookState([fort, andheri]);
    server.use(...book.handlers);
    signIn();
    await openPanel(user);

    await user.click(within(await card('Ravi Rao')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    expect(dialog).toHaveAccessibleDescription(
      'Flat 4, Lotus Court, Andheri West, Mumbai',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(book.addresses()).toHaveLength(2);

    await user.click(within(await card('Ravi Rao')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this address?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(book.addresses().map((address) => address._id)).toEqual(['a1']);
    const list = screen.getByRole('list', { name: 'Saved addresses' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it("toasts 'Failed to delete address.' when the delete fails, keeping the address", async () => {
    const user = userEvent.setup();
    server.use(
      // Before the book's own delete: the first handler that matches answers.
      http.delete('*/api/users/:userId/shipment/:addressId', () => HttpResponse.error()),
      ...addressBookState([fort]).handlers,
    );
    signIn();
    await openPanel(user);
    await user.click(within(await card('Asha Rao')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this address?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(ADDRESS_TEXTS.deleteFailed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await card('Asha Rao')).toBeInTheDocument();
  });

  it('makes another address the default', async () => {
    const user = userEvent.setup();
    const book = addressBookState([fort, andheri]);
    server.use(...book.handlers);
    signIn();
    await openPanel(user);
    await user.click(within(await card('Ravi Rao')).getByRole('button', { name: 'Make default' }));
    const list = screen.getByRole('list', { name: 'Saved addresses' });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveAccessibleName('Ravi Rao'),
    );
    expect(within(await card('Ravi Rao')).getByText('Default')).toBeInTheDocument();
    expect(within(await card('Asha Rao')).queryByText('Default')).not.toBeInTheDocument();
    expect(book.addresses()[0]!._id).toBe('a2');
  });
});
