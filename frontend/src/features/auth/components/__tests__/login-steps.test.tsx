import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import {
  act,
  fireEvent,
  renderHook,
  renderWithProviders,
  screen,
  waitFor,
  within,
} from '@/testing/test-utils';
import { server } from '@/testing/mocks/server';
import { newServerUser, serverUser } from '@/testing/mocks/users';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import { useSessionUser, type ServerUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';

const REASON = 'Sign in to save products to your curated list.';
const EMAIL = 'ravi@example.in';
const GOOD_CODE = '123456';
/** Past the 1 s verifying state (000 §9), with room for a slow machine. */
const AFTER_VERIFYING = { timeout: 3000 };

interface Calls {
  generate: unknown[];
  verify: unknown[];
  register: unknown[];
}

/** The sign-in calls of docs/http-api.md for `user`; GOOD_CODE is the only right code. */
function signInApi(user: ServerUser = newServerUser(EMAIL)): Calls {
  const calls: Calls = { generate: [], verify: [], register: [] };
  server.use(
    http.post('*/api/users/generate-otp', async ({ request }) => {
      calls.generate.push(await request.json());
      return HttpResponse.json({ success: true });
    }),
    http.post('*/api/users/verify-otp', async ({ request }) => {
      const body = (await request.json()) as { otp: string };
      calls.verify.push(body);
      return body.otp === GOOD_CODE
        ? HttpResponse.json({ token: 'secret-token', user, isNewUser: !user.onboarded })
        : HttpResponse.json(
            { error: 'Invalid OTP. Please try again.', code: 'INVALID_OTP' },
            { status: 401 },
          );
    }),
    http.post('*/api/users', async ({ request }) => {
      const body = (await request.json()) as { location: string };
      calls.register.push(body);
      return HttpResponse.json({ ...user, location: body.location });
    }),
  );
  return calls;
}

const failing = (status: number, error: string, code: string, extra: object = {}) =>
  HttpResponse.json({ error, code, ...extra }, { status });

function openSheet() {
  const { open } = renderHook(() => useSignInPromptActions()).result.current;
  act(() => open(REASON));
}

function renderSheet() {
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<p>Swipe screen</p>} />
        <Route path="/home" element={<p>Home screen</p>} />
        <Route path="/onboarding" element={<p>Onboarding screen</p>} />
      </Routes>
      <SignInPrompt />
    </>,
    { url: '/home' },
  );
  openSheet();
  return view;
}

const emailField = () => screen.findByRole('textbox', { name: 'Email address' });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const codeBoxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });
const codeGroup = (email = EMAIL) =>
  screen.findByRole('group', { name: `Enter the 6-digit code sent to ${email}` });
const locationField = () =>
  screen.findByRole('textbox', { name: 'Where should we deliver?' }, AFTER_VERIFYING);

async function toCodeStep(user: UserEvent, email = EMAIL) {
  await user.type(await emailField(), email);
  await user.click(continueButton());
  await codeGroup(email);
}

async function toLocationStep(user: UserEvent) {
  await toCodeStep(user);
  await user.type(codeBoxes()[0]!, GOOD_CODE);
  return locationField();
}

function stubGeolocation(getCurrentPosition: Geolocation['getCurrentPosition']) {
  Object.defineProperty(window.navigator, 'geolocation', {
    value: { getCurrentPosition },
    configurable: true,
  });
}

describe('login sheet (000 §2.3)', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(window.navigator, 'geolocation');
  });

  describe('email step', () => {
    it('keeps Continue disabled until the address is valid (000 §5)', async () => {
      const user = userEvent.setup();
      signInApi();
      renderSheet();
      const email = await emailField();
      expect(continueButton()).toBeDisabled();
      await user.type(email, 'ravi@example');
      expect(continueButton()).toBeDisabled();
      expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();

      await user.tab();
      expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
      expect(email).toHaveAttribute('aria-invalid', 'true');

      await user.type(email, '.in');
      expect(continueButton()).toBeEnabled();
      expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    });

    it('asks the server to mail a code, then shows the code step', async () => {
      const user = userEvent.setup();
      const calls = signInApi();
      renderSheet();
      await toCodeStep(user);
      expect(calls.generate).toEqual([{ email: EMAIL }]);
      expect(screen.queryByRole('textbox', { name: 'Email address' })).not.toBeInTheDocument();
    });

    it.each([
      [
        'a 429 shows its wait',
        () =>
          failing(429, 'Please wait 27 seconds before asking for a new code.', 'RATE_LIMITED', {
            retryAfter: 27,
          }),
        'Please wait 27 seconds before asking for a new code.',
      ],
      [
        "a mail failure shows the server's text",
        () => failing(503, 'Failed to generate OTP', 'MAIL_UNAVAILABLE'),
        'Failed to generate OTP',
      ],
      [
        'an answer without an error body says the code could not be sent',
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
        'Failed to generate OTP',
      ],
      ['a network failure says so', () => HttpResponse.error(), 'Network error. Please try again.'],
    ])('%s (000 §8)', async (_, answer, text) => {
      const user = userEvent.setup();
      server.use(http.post('*/api/users/generate-otp', answer));
      renderSheet();
      await user.type(await emailField(), EMAIL);
      await user.click(continueButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByRole('textbox', { name: 'Email address' })).toBeInTheDocument();
    });
  });

  describe('code step', () => {
    it('has six numeric boxes that move on as digits are typed and drop non-digits', async () => {
      const user = userEvent.setup();
      const calls = signInApi();
      renderSheet();
      await toCodeStep(user);
      const boxes = codeBoxes();
      expect(boxes).toHaveLength(6);
      for (const box of boxes) expect(box).toHaveAttribute('inputmode', 'numeric');
      expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
      expect(boxes[0]).toHaveFocus();

      await user.keyboard('1a2');
      expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '', '', '', '']);
      expect(boxes[2]).toHaveFocus();

      await user.keyboard('{Backspace}');
      expect(boxes[1]).toHaveFocus();
      expect(boxes[1]).toHaveValue('');
      await user.keyboard('{Backspace}');
      expect(boxes[0]).toHaveFocus();
      expect(boxes[0]).toHaveValue('');
      expect(calls.verify).toEqual([]);
    });

    it("fills all six from a pasted code, keeping its digits only, and checks it with 'Verifying...' for 1 s", async () => {
      const user = userEvent.setup();
      const calls = signInApi();
      renderSheet();
      await toCodeStep(user);

      vi.useFakeTimers();
      fireEvent.paste(codeBoxes()[3]!, { clipboardData: { getData: () => ' 123-456 ' } });
      expect(codeBoxes().map((box) => (box as HTMLInputElement).value)).toEqual([...GOOD_CODE]);
      expect(screen.getByRole('status')).toHaveTextContent('Verifying...');
      for (const box of codeBoxes()) expect(box).toBeDisabled();

      await act(() => vi.advanceTimersByTimeAsync(900));
      expect(calls.verify).toEqual([{ email: EMAIL, otp: GOOD_CODE }]);
      expect(screen.getByText('Verifying...')).toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(screen.queryByText('Verifying...')).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Where should we deliver?' })).toBeInTheDocument();
    });

    it('says a wrong code is wrong, clears the boxes and starts again at the first', async () => {
      const user = userEvent.setup();
      const calls = signInApi();
      renderSheet();
      await toCodeStep(user);
      await user.type(codeBoxes()[0]!, '654321');
      expect(await screen.findByRole('alert', {}, AFTER_VERIFYING)).toHaveTextContent(
        'Invalid OTP. Please try again.',
      );
      expect(calls.verify).toEqual([{ email: EMAIL, otp: '654321' }]);
      expect(codeBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']);
      expect(codeBoxes()[0]).toHaveFocus();

      await user.keyboard(GOOD_CODE);
      expect(await locationField()).toBeInTheDocument();
    });

    it("counts down 30 s before 'Resend code', which sends a new code and counts again", async () => {
      const calls = signInApi();
      renderSheet();
      const user = userEvent.setup();
      await user.type(await emailField(), EMAIL);

      vi.useFakeTimers();
      fireEvent.click(continueButton());
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByText('Resend code in 30s')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(screen.getByText('Resend code in 27s')).toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(27_000));
      const resend = screen.getByRole('button', { name: 'Resend code' });
      fireEvent.click(resend);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(calls.generate).toEqual([{ email: EMAIL }, { email: EMAIL }]);
      expect(screen.getByText('Resend code in 30s')).toBeInTheDocument();
      expect(codeBoxes()[0]).toHaveFocus();
    });

    it("shows a refused resend's wait and counts it down", async () => {
      signInApi();
      renderSheet();
      const user = userEvent.setup();
      await user.type(await emailField(), EMAIL);

      vi.useFakeTimers();
      fireEvent.click(continueButton());
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      server.use(
        http.post('*/api/users/generate-otp', () =>
          failing(429, 'Please wait 12 seconds before asking for a new code.', 'RATE_LIMITED', {
            retryAfter: 12,
          }),
        ),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Please wait 12 seconds before asking for a new code.',
      );
      expect(screen.getByText('Resend code in 12s')).toBeInTheDocument();
    });
  });

  describe('back arrows and closing', () => {
    it('goes from the code step back to the e-mail, and on without a second code while it is fresh', async () => {
      const user = userEvent.setup();
      const calls = signInApi();
      renderSheet();
      await toCodeStep(user);
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await emailField()).toHaveValue(EMAIL);
      expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

      await user.click(continueButton());
      await codeGroup();
      expect(calls.generate).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: 'Back' }));
      await user.clear(await emailField());
      await user.type(await emailField(), 'asha@example.in');
      await user.click(continueButton());
      await codeGroup('asha@example.in');
      expect(calls.generate).toEqual([{ email: EMAIL }, { email: 'asha@example.in' }]);
    });

    it("goes from the location step back to the code step with 'Resend code' ready", async () => {
      const user = userEvent.setup();
      signInApi();
      renderSheet();
      await toLocationStep(user);
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await codeGroup();
      expect(codeBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']);
      expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
    });

    it('clears every field and step when closed', async () => {
      const user = userEvent.setup();
      signInApi();
      renderSheet();
      await toCodeStep(user);
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      openSheet();
      expect(await emailField()).toHaveValue('');
      expect(screen.queryByRole('group')).not.toBeInTheDocument();
    });
  });

  describe('location step', () => {
    it('asks for a location when none is given', async () => {
      const user = userEvent.setup();
      const calls = signInApi();
      renderSheet();
      await toLocationStep(user);
      await user.type(await locationField(), '   ');
      await user.click(continueButton());
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Please enter your location or use auto-detect',
      );
      expect(calls.register).toEqual([]);
    });

    it('says when the browser has no geolocation', async () => {
      const user = userEvent.setup();
      signInApi();
      renderSheet();
      await toLocationStep(user);
      await user.click(screen.getByRole('button', { name: 'Use my current location' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Geolocation is not supported by your browser',
      );
    });

    it('says when the position cannot be had', async () => {
      const user = userEvent.setup();
      signInApi();
      stubGeolocation((_, failure) => failure?.({ code: 1 } as GeolocationPositionError));
      renderSheet();
      await toLocationStep(user);
      await user.click(screen.getByRole('button', { name: 'Use my current location' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Unable to fetch your location. Please enter manually.',
      );
    });

    it('names the detected position by its nearest post office (000 §7)', async () => {
      const user = userEvent.setup();
      signInApi();
      const asked: string[] = [];
      server.use(
        http.get('*/api/places/reverse', ({ request }) => {
          asked.push(new URL(request.url).search);
          return HttpResponse.json({
            success: true,
            data: {
              placeId: 'in-400001-mumbai-gpo',
              locality: 'Mumbai GPO',
              city: 'Mumbai',
              state: 'Maharashtra',
              pincode: '400001',
              country: 'India',
              formatted: 'Mumbai GPO, Mumbai, Maharashtra 400001, India',
              location: { lat: 18.94, lng: 72.83 },
            },
          });
        }),
      );
      stubGeolocation((success) =>
        success({ coords: { latitude: 18.938_9, longitude: 72.835_4 } } as GeolocationPosition),
      );
      renderSheet();
      await toLocationStep(user);
      await user.click(screen.getByRole('button', { name: 'Use my current location' }));
      await waitFor(async () => expect(await locationField()).toHaveValue('Mumbai GPO, Mumbai'));
      expect(asked).toEqual(['?lat=18.9389&lon=72.8354']);
    });

    it("falls back to the position as 'lat, lon' when the lookup fails (000 §8)", async () => {
      const user = userEvent.setup();
      signInApi();
      server.use(
        http.get('*/api/places/reverse', () =>
          HttpResponse.json(
            { error: 'No pincode near that point.', code: 'NOT_FOUND' },
            { status: 404 },
          ),
        ),
      );
      stubGeolocation((success) =>
        success({ coords: { latitude: 19.076_012, longitude: 72.877_655 } } as GeolocationPosition),
      );
      renderSheet();
      await toLocationStep(user);
      await user.click(screen.getByRole('button', { name: 'Use my current location' }));
      await waitFor(async () => expect(await locationField()).toHaveValue('19.0760, 72.8777'));
    });
  });

  describe('after sign-in (000 §4)', () => {
    it('saves the location, keeps no token and takes a new user to /onboarding', async () => {
      const user = userEvent.setup();
      const calls = signInApi(newServerUser(EMAIL));
      renderSheet();
      const location = await toLocationStep(user);
      expect(location).toHaveValue('');
      await user.type(location, '  Bandra West, Mumbai ');
      await user.click(continueButton());

      expect(await screen.findByText('Onboarding screen')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls.register).toEqual([{ email: EMAIL, location: 'Bandra West, Mumbai' }]);
      const session = renderHook(() => useSessionUser()).result.current;
      expect(session).toMatchObject({
        email: EMAIL,
        isLoggedIn: true,
        isNewUser: true,
        location: 'Bandra West, Mumbai',
      });
      const stored = Object.values({ ...window.localStorage }).join(' ');
      expect(stored).not.toContain('secret-token');
      expect(Object.keys(window.localStorage)).not.toContain('authToken');
    });

    it('takes an existing user to /, their saved location filled in', async () => {
      const user = userEvent.setup();
      const existing = serverUser({ email: EMAIL });
      const calls = signInApi(existing);
      renderSheet();
      expect(await toLocationStep(user)).toHaveValue('Andheri West, Mumbai');
      await user.click(continueButton());
      expect(await screen.findByText('Swipe screen')).toBeInTheDocument();
      expect(calls.register).toEqual([{ email: EMAIL, location: 'Andheri West, Mumbai' }]);
      expect(renderHook(() => useSessionUser()).result.current).toMatchObject({
        _id: 'u1',
        isLoggedIn: true,
        isNewUser: false,
      });
    });

    it("shows the server's refusal of the location and stays", async () => {
      const user = userEvent.setup();
      signInApi();
      server.use(
        http.post('*/api/users', () =>
          failing(400, 'Please enter your location or use auto-detect', 'INVALID_INPUT'),
        ),
      );
      renderSheet();
      await user.type(await toLocationStep(user), 'x');
      await user.click(continueButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Please enter your location or use auto-detect',
      );
      expect(renderHook(() => useSessionUser()).result.current.isLoggedIn).toBe(false);
    });

    it('signs in all the same when the location cannot be saved for want of a server', async () => {
      const user = userEvent.setup();
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      signInApi();
      server.use(http.post('*/api/users', () => HttpResponse.error()));
      renderSheet();
      await user.type(await toLocationStep(user), 'Bandra West, Mumbai');
      await user.click(continueButton());
      expect(await screen.findByText('Onboarding screen')).toBeInTheDocument();
      expect(renderHook(() => useSessionUser()).result.current).toMatchObject({
        email: EMAIL,
        isLoggedIn: true,
      });
    });
  });

  it('shows the reason it was opened for at the top', async () => {
    signInApi();
    renderSheet();
    const dialog = screen.getByRole('dialog', { name: 'Sign in to continue' });
    expect(within(dialog).getByText(REASON)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Step 1 of 3')).toBeInTheDocument());
  });
});
