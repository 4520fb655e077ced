import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ShipmentPayload } from '@/api/addresses';
import { useSessionActions } from '@/stores/session';
import {
  addressBookState,
  fortPlace,
  fortPrediction,
} from '@/testing/mocks/address-handlers';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import {
  act,
  fireEvent,
  renderApp,
  renderHook,
  screen,
  waitFor,
  within,
} from '@/testing/test-utils';

function signIn(overrides: Parameters<typeof serverUser>[0] = {}) {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser({ email: 'asha@gmail.com', ...overrides })));
}

/** Records the autocomplete and details calls, answering as the default handlers do. */
function placesCalls() {
  const calls: { path: 'autocomplete' | 'details'; q: string | null; session: string | null }[] =
    [];
  server.use(
    http.get('*/api/places/autocomplete', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push({ path: 'autocomplete', q: params.get('q'), session: params.get('session') });
      return HttpResponse.json({ success: true, data: { predictions: [fortPrediction] } });
    }),
    http.get('*/api/places/:placeId', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push({ path: 'details', q: null, session: params.get('session') });
      return HttpResponse.json({ success: true, data: fortPlace });
    }),
  );
  return calls;
}

/** The wizard's own Back (the title bar's leaves the page). */
const stepBack = () =>
  within(screen.getByRole('form')).queryByRole('button', { name: 'Back' });
const searchBox = () => screen.findByRole('combobox', { name: 'Search your address' });
const next = () => screen.getByRole('button', { name: 'Next' });
const stepCount = (n: number) => screen.findByText(`Step ${n}/4`);
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

async function fillAddressDetails(user: UserEvent) {
  await user.type(screen.getByLabelText('Flat / House No.'), 'Flat 12');
  await user.type(screen.getByLabelText('Wing / Building'), 'Wing B Sea View');
  await user.clear(screen.getByLabelText('City'));
  await user.type(screen.getByLabelText('City'), 'Mumbai');
  await user.clear(screen.getByLabelText('State'));
  await user.type(screen.getByLabelText('State'), 'Maharashtra');
  await user.clear(screen.getByLabelText('Pincode'));
  await user.type(screen.getByLabelText('Pincode'), '400001');
}

/** Types an address by hand and goes through to the review. */
async function throughToReview(user: UserEvent) {
  await user.type(await searchBox(), 'Near Fort Market');
  await user.click(next());
  await heading('Address Details');
  await fillAddressDetails(user);
  await user.click(next());
  await heading('Contact Information');
  await user.click(next());
  await heading('Review Address');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Delivery Details wizard, steps (001 §2, §4, §5)', () => {
  it("opens on 'Step 1/4', Locate Your Address, under the title 'Delivery Details'", async () => {
    renderApp('/location');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery Details' })).toBeVisible();
    expect(await stepCount(1)).toBeInTheDocument();
    expect(await heading('Locate Your Address')).toBeInTheDocument();
    expect(stepBack()).not.toBeInTheDocument();
  });

  it("step 1's Next needs a search text; 'Next: Address Fields' skips the check", async () => {
    const user = userEvent.setup();
    renderApp('/location');
    await searchBox();
    await user.click(next());
    expect(screen.getByText('Pick an address or type manually')).toBeInTheDocument();
    expect(await searchBox()).toHaveFocus();
    expect(screen.getByText('Step 1/4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next: Address Fields' }));
    expect(await stepCount(2)).toBeInTheDocument();
    expect(await heading('Address Details')).toHaveFocus();
  });

  it('step 2 checks each field with its message; India is the default country', async () => {
    const user = userEvent.setup();
    renderApp('/location');
    await user.click(await screen.findByRole('button', { name: 'Next: Address Fields' }));
    await heading('Address Details');
    expect(screen.getByLabelText('Country')).toHaveValue('India');

    await user.click(next());
    for (const message of [
      'Flat/House number required',
      'Wing/Building required',
      'City required',
      'State required',
      '6-digit pincode required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('Country required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Flat / House No.')).toHaveFocus();

    await user.clear(screen.getByLabelText('Country'));
    await user.click(next());
    expect(screen.getByText('Country required')).toBeInTheDocument();
    expect(screen.getByText('Step 2/4')).toBeInTheDocument();
  });

  it('takes digits only into the pincode, at most 6, and refuses one starting with 0', async () => {
    const user = userEvent.setup();
    renderApp('/location');
    await user.click(await screen.findByRole('button', { name: 'Next: Address Fields' }));
    const pincode = await screen.findByLabelText('Pincode');
    await user.type(pincode, '40a00017');
    expect(pincode).toHaveValue('400001');

    await user.clear(pincode);
    await user.type(pincode, '012345');
    await user.click(next());
    expect(screen.getByText('6-digit pincode required')).toBeInTheDocument();
  });

  it('step 3 checks name, a 10-digit phone shown with +91, and a @gmail.com address', async () => {
    const user = userEvent.setup();
    renderApp('/location');
    await user.click(await screen.findByRole('button', { name: 'Next: Address Fields' }));
    await heading('Address Details');
    await fillAddressDetails(user);
    await user.click(next());
    await heading('Contact Information');

    const phone = screen.getByLabelText('Phone Number');
    expect(screen.getByText('+91')).toBeInTheDocument();
    await user.type(phone, '98765-432101');
    expect(phone).toHaveValue('9876543210');
    await user.clear(phone);
    await user.type(phone, '98765');
    await user.type(screen.getByLabelText('Email'), 'asha@example.in');
    await user.click(next());
    expect(screen.getByText('Full name required')).toBeInTheDocument();
    expect(screen.getByText('Must be a 10-digit phone number')).toBeInTheDocument();
    expect(screen.getByText('Must be a valid @gmail.com address')).toBeInTheDocument();
    expect(screen.getByText('Step 3/4')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Full Name'), 'Asha Rao');
    await user.type(phone, '43210');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'asha@gmail.com');
    await user.click(next());
    expect(await heading('Review Address')).toBeInTheDocument();
    expect(screen.getByText('Step 4/4')).toBeInTheDocument();
  });

  it('Back goes down one step at a time, keeping what was typed', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/location');
    await throughToReview(user);
    await user.click(stepBack()!);
    expect(await heading('Contact Information')).toBeInTheDocument();
    await user.click(stepBack()!);
    expect(await heading('Address Details')).toBeInTheDocument();
    expect(screen.getByLabelText('Flat / House No.')).toHaveValue('Flat 12');
    await user.click(stepBack()!);
    expect(await heading('Locate Your Address')).toBeInTheDocument();
    expect(await searchBox()).toHaveValue('Near Fort Market');
    expect(stepBack()).not.toBeInTheDocument();
  });

  it('prefills the contact fields from the signed-in shopper', async () => {
    const user = userEvent.setup();
    signIn({ display_name: 'Asha Rao' });
    renderApp('/location');
    await throughToReview(user);
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(contact).getByText('+91 9876543210')).toBeInTheDocument();
    expect(within(contact).getByText('asha@gmail.com')).toBeInTheDocument();
  });

  it('leaves the e-mail empty when the shopper has no @gmail.com address', async () => {
    const user = userEvent.setup();
    signIn({ email: 'asha@example.in' });
    renderApp('/location');
    await user.click(await screen.findByRole('button', { name: 'Next: Address Fields' }));
    await fillAddressDetails(user);
    await user.click(next());
    expect(await screen.findByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Asha');
  });

  it('keeps Save disabled until every field is valid, the search text included', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/location');
    await user.click(await screen.findByRole('button', { name: 'Next: Address Fields' }));
    await heading('Address Details');
    await fillAddressDetails(user);
    await user.click(next());
    await heading('Contact Information');
    await user.click(next());
    await heading('Review Address');
    expect(screen.getByRole('button', { name: 'Save & Continue' })).toBeDisabled();
    expect(screen.getByRole('list', { name: 'Still to fill in' })).toHaveTextContent(
      'Pick an address or type manually',
    );

    // Typed by hand on step 2, as 001 §2 allows when the search is skipped or fails.
    await user.click(stepBack()!);
    await user.click(stepBack()!);
    await user.type(await screen.findByLabelText('Area / Street'), 'Near Fort Market');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Save & Continue' })).toBeEnabled();
  });
});

describe('Delivery Details wizard, address search (001 §7, §9)', () => {
  it('asks from 2 characters, 180 ms after the last keystroke', async () => {
    const calls = placesCalls();
    renderApp('/location');
    const box = await searchBox();
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'F' } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(calls).toEqual([]);

    fireEvent.change(box, { target: { value: 'Fo' } });
    await act(() => vi.advanceTimersByTimeAsync(100));
    fireEvent.change(box, { target: { value: 'For' } });
    await act(() => vi.advanceTimersByTimeAsync(179));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(calls.map((call) => call.q)).toEqual(['For']));
  });

  it('shows the suggestions and fills city, state, pincode and country from a pick', async () => {
    const user = userEvent.setup();
    renderApp('/location');
    await user.type(await searchBox(), 'Fort');
    const list = await screen.findByRole('listbox', { name: 'Address suggestions' });
    const option = within(list).getByRole('option', { name: /Fort/ });
    expect(option).toHaveTextContent('Mumbai, Maharashtra 400001');
    await user.click(option);

    expect(await searchBox()).toHaveValue(fortPrediction.description);
    expect(screen.queryByRole('listbox', { name: 'Address suggestions' })).not.toBeInTheDocument();
    await user.click(next());
    await heading('Address Details');
    expect(screen.getByLabelText('City')).toHaveValue('Mumbai');
    expect(screen.getByLabelText('State')).toHaveValue('Maharashtra');
    expect(screen.getByLabelText('Pincode')).toHaveValue('400001');
    expect(screen.getByLabelText('Country')).toHaveValue('India');
    expect(screen.getByLabelText('Area / Street')).toHaveValue(fortPrediction.description);
  });

  it('uses one session token for the suggestions and the details, then a new one', async () => {
    const user = userEvent.setup();
    const calls = placesCalls();
    renderApp('/location');
    const box = await searchBox();
    await user.type(box, 'Fo');
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.type(box, 'rt');
    await waitFor(() => expect(calls).toHaveLength(2));
    await user.click(await screen.findByRole('option', { name: /Fort/ }));
    await waitFor(() => expect(calls).toHaveLength(3));

    await user.clear(box);
    await user.type(box, 'Fo');
    await waitFor(() => expect(calls).toHaveLength(4));

    expect(calls.map((call) => call.path)).toEqual([
      'autocomplete',
      'autocomplete',
      'details',
      'autocomplete',
    ]);
    const [first, second, details, after] = calls;
    expect(first!.session).toMatch(/\S{16,}/);
    expect(second!.session).toBe(first!.session);
    expect(details!.session).toBe(first!.session);
    expect(after!.session).not.toBe(first!.session);
  });

  it('closes the suggestions 120 ms after the box loses focus', async () => {
    const user = userEvent.setup();
    renderApp('/location');
    await user.type(await searchBox(), 'Fort');
    await screen.findByRole('listbox', { name: 'Address suggestions' });
    const box = await searchBox();
    vi.useFakeTimers();
    fireEvent.blur(box);
    await act(() => vi.advanceTimersByTimeAsync(119));
    expect(screen.getByRole('listbox', { name: 'Address suggestions' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('listbox', { name: 'Address suggestions' })).not.toBeInTheDocument();
  });

  it('says so when the search fails, and the typed text carries on by hand', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('*/api/places/autocomplete', () =>
        HttpResponse.json(
          {
            error: 'Address search is unavailable. You can type your address manually.',
            code: 'PLACES_UNAVAILABLE',
          },
          { status: 503 },
        ),
      ),
    );
    renderApp('/location');
    await user.type(await searchBox(), '12 Hill Road, Bandra');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Address search is unavailable\. You can type your address manually\.$/,
    );
    await user.click(next());
    await heading('Address Details');
    expect(screen.getByLabelText('Area / Street')).toHaveValue('12 Hill Road, Bandra');
    expect(screen.getByLabelText('City')).toHaveValue('');
  });

  it('says so when a picked place cannot be read, keeping its text', async () => {
    const user = userEvent.setup();
    server.use(
      // Not the autocomplete call, which the same pattern would catch.
      http.get('*/api/places/:placeId', ({ params }) =>
        params.placeId === 'autocomplete' ? undefined : HttpResponse.error(),
      ),
    );
    renderApp('/location');
    await user.type(await searchBox(), 'Fort');
    await user.click(await screen.findByRole('option', { name: /Fort/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection and try again. You can still type your address manually.',
    );
    expect(await searchBox()).toHaveValue(fortPrediction.description);
  });
});

describe('Delivery Details wizard, Save & Continue (001 §3, §4, §8)', () => {
  it('saves the shipment payload and goes back to the page before', async () => {
    const user = userEvent.setup();
    const book = addressBookState();
    server.use(...book.handlers);
    signIn({ display_name: 'Asha Rao' });
    const { router } = renderApp('/home');
    await screen.findByRole('banner');
    await act(() => router.navigate('/location'));

    await user.type(await searchBox(), 'Fort');
    await user.click(await screen.findByRole('option', { name: /Fort/ }));
    // Next at once: the place's parts land on step 2 when they come.
    await user.click(next());
    await heading('Address Details');
    await waitFor(() => expect(screen.getByLabelText('Pincode')).toHaveValue('400001'));
    await user.type(screen.getByLabelText('Flat / House No.'), 'Flat 12');
    await user.type(screen.getByLabelText('Wing / Building'), 'Wing B Sea View');
    await user.click(next());
    await heading('Contact Information');
    await user.click(next());
    await heading('Review Address');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    // The list was refetched before going back: the header already names the new address.
    expect(
      screen.getByRole('link', { name: 'Delivery Location: Fort, Mumbai, Maharashtra 400001' }),
    ).toBeInTheDocument();
    expect(book.sent).toEqual<ShipmentPayload[]>([
      {
        billing_customer_name: 'Asha Rao',
        billing_phone: '9876543210',
        billing_email: 'asha@gmail.com',
        billing_address: 'Flat 12, Wing B Sea View',
        billing_address_2: 'Fort, Mumbai, Maharashtra 400001',
        billing_city: 'Mumbai',
        billing_pincode: '400001',
        billing_state: 'Maharashtra',
        billing_country: 'India',
      },
    ]);
  });

  it('goes home after saving when the wizard was opened directly', async () => {
    const user = userEvent.setup();
    server.use(...addressBookState().handlers);
    signIn();
    const { router } = renderApp('/location');
    await throughToReview(user);
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("alerts 'Could not save address. Please try again.' and stays", async () => {
    const user = userEvent.setup();
    server.use(
      http.post('*/api/users/:userId/shipment', () =>
        HttpResponse.json({ error: 'Something went wrong.', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    signIn();
    const { router } = renderApp('/location');
    await throughToReview(user);
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not save address. Please try again.',
    );
    expect(router.state.location.pathname).toBe('/location');
    expect(screen.getByRole('button', { name: 'Save & Continue' })).toBeEnabled();
  });

  it("shows the server's message per field when it refuses the address (400)", async () => {
    const user = userEvent.setup();
    server.use(
      http.post('*/api/users/:userId/shipment', () =>
        HttpResponse.json(
          {
            error: '6-digit pincode required',
            code: 'VALIDATION_FAILED',
            fields: { billing_pincode: '6-digit pincode required' },
          },
          { status: 400 },
        ),
      ),
    );
    signIn();
    renderApp('/location');
    await throughToReview(user);
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not save address. Please try again.');
    expect(alert).toHaveTextContent('6-digit pincode required');

    await user.click(stepBack()!);
    await user.click(stepBack()!);
    await heading('Address Details');
    expect(screen.getByLabelText('Pincode')).toHaveAccessibleDescription('6-digit pincode required');
  });

  it("asks a visitor to log in: 'Please log in to save your address.'", async () => {
    const user = userEvent.setup();
    const book = addressBookState();
    server.use(...book.handlers);
    renderApp('/location');
    await user.type(await searchBox(), 'Near Fort Market');
    await user.click(next());
    await heading('Address Details');
    await fillAddressDetails(user);
    await user.click(next());
    await user.type(await screen.findByLabelText('Full Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Phone Number'), '9876543210');
    await user.type(screen.getByLabelText('Email'), 'asha@gmail.com');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Save & Continue' }));

    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toHaveAccessibleDescription(
      'Please log in to save your address.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to save your address.');
    expect(book.sent).toEqual([]);
  });
});
