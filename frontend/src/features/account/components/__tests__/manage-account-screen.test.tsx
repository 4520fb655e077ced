import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useSessionActions, useSessionUser } from '@/stores/session';
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
import { localToday } from '@/features/account/utils/account-rules';
import { DELETE_CONFIRMATIONS, MANAGE_ACCOUNT_SIGN_IN_REASON } from '../manage-account-screen';

function signIn(overrides: Parameters<typeof serverUser>[0] = {}) {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser(overrides)));
}

const sessionUser = () => renderHook(() => useSessionUser()).result.current;

/** The profile update, answering `answer` for the body it was sent; records the bodies. */
function updateAnswers(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.put('*/api/users/:userId', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ ...body, userId: params.userId });
      return answer(body);
    }),
  );
  return sent;
}

/** The account deletion, answering `answer`; counts the calls. */
function deleteAnswers(answer: () => Response) {
  const calls = { count: 0 };
  server.use(
    http.delete('*/api/users/me', () => {
      calls.count += 1;
      return answer();
    }),
  );
  return calls;
}

const failure = (status: number, error: string, code = 'SOME_CODE') =>
  HttpResponse.json({ error, code }, { status });
const echo = (body: Record<string, unknown>) =>
  HttpResponse.json(serverUser(body as Parameters<typeof serverUser>[0]));

const nameField = () => screen.findByLabelText('Full Name');
const save = () => screen.getByRole('button', { name: 'Save Changes' });

// The screen asks the server whether an e-mail change waits for its code: by default none.
beforeEach(() => {
  server.use(http.get('*/api/users/me', () => HttpResponse.json(serverUser())));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Manage Account, signed out (001 §6)', () => {
  it('shows a sign-in prompt instead of the form', async () => {
    const user = userEvent.setup();
    renderApp('/manage-account');
    expect(
      await screen.findByRole('heading', { name: 'Sign in to manage your account' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'DELETE ACCOUNT' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Up / Login' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toHaveAccessibleDescription(
      MANAGE_ACCOUNT_SIGN_IN_REASON,
    );
  });
});

describe('Manage Account form (001 §2)', () => {
  it("fills in the shopper's details; the phone is read-only with +91", async () => {
    signIn();
    renderApp('/manage-account');
    expect(await nameField()).toHaveValue('Asha');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.in');
    const date = screen.getByLabelText('Date of Birth');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveValue('2001-04-09');
    expect(date).toHaveAttribute('max', localToday());
    const gender = screen.getByRole('group', { name: 'Gender' });
    expect(within(gender).getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(
      within(gender)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Male', 'Female', 'Other']);
    const phone = screen.getByRole('textbox', { name: 'Phone Number, +91' });
    expect(phone).toHaveValue('9876543210');
    expect(phone).toHaveAttribute('readonly');
    expect(phone).toHaveAccessibleDescription(
      'Phone number cannot be changed for security reasons',
    );
    expect(screen.getByText('+91')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'DELETE ACCOUNT' })).toBeInTheDocument();
  });

  it('takes no more of a name or an e-mail than the server stores', async () => {
    signIn();
    renderApp('/manage-account');
    expect(await nameField()).toHaveAttribute('maxlength', '100');
    expect(screen.getByLabelText('Email')).toHaveAttribute('maxlength', '254');
  });
});

describe('Manage Account validation (001 §5)', () => {
  it.each([
    ['a blank name', { fullName: '  ' }, 'Full name is required', true],
    ['a blank e-mail', { email: '' }, 'Email is required', true],
    ['a malformed e-mail', { email: 'asha@' }, 'Please enter a valid email address', false],
    [
      'a future date of birth',
      { dateOfBirth: '2999-01-01' },
      'Date of birth cannot be in the future.',
      false,
    ],
    [
      'a date before 1900',
      { dateOfBirth: '1899-12-31' },
      'Date of birth seems too far in the past.',
      false,
    ],
  ])('%s', async (_case, typed, message, requiredMissing) => {
    const sent = updateAnswers(echo);
    signIn();
    renderApp('/manage-account');
    await nameField();
    const fields = { fullName: 'Full Name', email: 'Email', dateOfBirth: 'Date of Birth' } as const;
    for (const [field, value] of Object.entries(typed)) {
      fireEvent.change(screen.getByLabelText(fields[field as keyof typeof fields]), {
        target: { value },
      });
    }
    fireEvent.click(save());
    expect(await screen.findByText(message)).toBeInTheDocument();
    const summary = screen.queryByText('Please fill in all required fields.');
    if (requiredMissing) expect(summary).toBeInTheDocument();
    else expect(summary).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it.each([
    ['no gender', { gender: null }, 'Please select your gender', true],
    [
      'a gender that is not an option',
      { gender: 'unisex' },
      'Please select a valid gender option.',
      false,
    ],
    [
      'a date that is not a date',
      { dateOfBirth: '2001-02-30' },
      'Please select a valid date of birth.',
      false,
    ],
  ])('%s on the record', async (_case, record, message, requiredMissing) => {
    const user = userEvent.setup();
    const sent = updateAnswers(echo);
    signIn(record);
    renderApp('/manage-account');
    await nameField();
    await user.click(save());
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Please fill in all required fields.') !== null).toBe(
      requiredMissing,
    );
    expect(sent).toEqual([]);
  });

  it('ties the message to its field, focuses it, and clears it on the next edit', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/manage-account');
    const name = await nameField();
    await user.clear(name);
    await user.click(save());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Full name is required');
    expect(name).toHaveFocus();
    await user.type(name, 'A');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
  });
});

describe('Manage Account session checks (001 §5)', () => {
  it.each([
    ['no user id', { _id: '' }, 'User session is invalid. Please log in again.'],
    ['no stored e-mail', { email: null }, 'Email is required. Please log in again.'],
  ])('%s', async (_case, record, message) => {
    const user = userEvent.setup();
    const sent = updateAnswers(echo);
    signIn(record);
    renderApp('/manage-account');
    await nameField();
    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(sent).toEqual([]);
  });
});

describe('Saving the profile (001 §8)', () => {
  it('sends the payload of 001 §3 and takes the server’s answer into the session', async () => {
    const user = userEvent.setup();
    const sent = updateAnswers((body) =>
      HttpResponse.json(serverUser({ ...(body as object), display_name: 'Asha Rao' })),
    );
    signIn();
    renderApp('/manage-account');
    const name = await nameField();
    await user.clear(name);
    await user.type(name, '  Asha R  ');
    fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '' } });
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated successfully!');
    expect(sent).toEqual([
      {
        userId: 'u1',
        display_name: 'Asha R',
        email: 'asha@example.in',
        dateOfBirth: null,
        gender: 'other',
      },
    ]);
    expect(sessionUser()).toMatchObject({ name: 'Asha Rao', gender: 'other', dateOfBirth: null });
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}')).toMatchObject({
      name: 'Asha Rao',
    });
  });

  it('shows the success message for 3 s', async () => {
    updateAnswers(echo);
    signIn();
    renderApp('/manage-account');
    await nameField();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(save());
    await vi.waitFor(
      () => expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument(),
      {
        interval: 1,
      },
    );
    await act(() => vi.advanceTimersByTimeAsync(2950));
    expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });

  it.each([
    ['404', () => failure(404, 'User not found'), 'User not found. Please log in again.'],
    [
      '400 with the server text',
      () => failure(400, 'Full name is required'),
      'Full name is required',
    ],
    [
      '400 without a body',
      () => new HttpResponse('Bad', { status: 400 }),
      'Invalid data provided. Please check your input.',
    ],
    ['500', () => failure(500, 'Internal error'), 'Server error. Please try again later.'],
    [
      '403',
      () => failure(403, 'Forbidden', 'FORBIDDEN'),
      'Access denied. You do not have permission to update this profile.',
    ],
    [
      '429',
      () => failure(429, 'Slow down', 'RATE_LIMITED'),
      'Too many requests. Please wait a moment and try again.',
    ],
    [
      '409',
      () => failure(409, 'That e-mail is already in use.', 'EMAIL_TAKEN'),
      'That e-mail is already in use.',
    ],
    [
      '503 with a maintenance text (the keyword map)',
      () => failure(503, 'Down for maintenance until 2 am', 'UNAVAILABLE'),
      'The service is under maintenance. Please try again later.',
    ],
    [
      '504 with a timeout text (the keyword map)',
      () => failure(504, 'Upstream timeout', 'GATEWAY_TIMEOUT'),
      'The request timed out. Please try again.',
    ],
    [
      '502 without a body',
      () => new HttpResponse('Bad gateway', { status: 502 }),
      'Failed to update profile',
    ],
    [
      'a network failure',
      () => HttpResponse.error(),
      'Network error. Please check your connection and try again.',
    ],
  ])('%s', async (_case, answer, message) => {
    const user = userEvent.setup();
    updateAnswers(answer);
    signIn();
    renderApp('/manage-account');
    await nameField();
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(save()).toBeEnabled();
    expect(sessionUser().name).toBe('Asha');
  });

  it('401: the session is gone, so the sign-in prompt shows under the message', async () => {
    const user = userEvent.setup();
    updateAnswers(() => failure(401, 'Please sign in to continue.', 'UNAUTHENTICATED'));
    signIn();
    renderApp('/manage-account');
    await nameField();
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unauthorized. Please log in again.',
    );
    expect(
      screen.getByRole('heading', { name: 'Sign in to manage your account' }),
    ).toBeInTheDocument();
    expect(sessionUser().isLoggedIn).toBe(false);
  });
});

/** The e-mail change calls (docs/http-api.md, Users): GOOD_CODE is the only right code. */
const GOOD_CODE = '123456';
const AFTER_VERIFYING = { timeout: 3000 };

function emailChangeApi() {
  const calls = { start: [] as unknown[], verify: [] as unknown[], resend: 0, cancel: 0 };
  server.use(
    http.post('*/api/users/me/email', async ({ request }) => {
      const body = (await request.json()) as { email: string };
      calls.start.push(body);
      return HttpResponse.json(serverUser({ pendingEmail: body.email }));
    }),
    http.post('*/api/users/me/email/resend', () => {
      calls.resend += 1;
      return HttpResponse.json(serverUser({ pendingEmail: 'new@example.in' }));
    }),
    http.post('*/api/users/me/email/verify', async ({ request }) => {
      const body = (await request.json()) as { otp: string };
      calls.verify.push(body);
      return body.otp === GOOD_CODE
        ? HttpResponse.json({ token: 'secret-token', user: serverUser({ email: 'new@example.in' }) })
        : failure(401, 'Invalid OTP. Please try again.', 'INVALID_OTP');
    }),
    http.delete('*/api/users/me/email', () => {
      calls.cancel += 1;
      return HttpResponse.json(serverUser());
    }),
  );
  return calls;
}

/** The profile update as the server answers it: the e-mail never changes there. */
const keepsEmail = (body: Record<string, unknown>) =>
  HttpResponse.json(serverUser({ ...(body as object), email: 'asha@example.in' }));

const codeBoxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });

describe('Changing the e-mail (ours)', () => {
  it('asks for the code sent to the new address, and changes it only once confirmed', async () => {
    const user = userEvent.setup();
    updateAnswers(keepsEmail);
    const calls = emailChangeApi();
    signIn();
    renderApp('/manage-account');
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'New@Example.in');
    await user.click(save());

    const step = await screen.findByRole('region', { name: 'Confirm your new e-mail' });
    expect(step).toHaveTextContent('We sent a code to new@example.in');
    expect(calls.start).toEqual([{ email: 'new@example.in' }]);
    expect(within(step).getByText(/^Resend code in \d+s$/)).toBeInTheDocument();
    expect(sessionUser().email).toBe('asha@example.in');

    await user.type(codeBoxes()[0]!, '654321');
    expect(await within(step).findByRole('alert', {}, AFTER_VERIFYING)).toHaveTextContent(
      'Invalid OTP. Please try again.',
    );
    expect(sessionUser().email).toBe('asha@example.in');

    await user.keyboard(GOOD_CODE);
    expect(await screen.findByRole('status', {}, AFTER_VERIFYING)).toHaveTextContent(
      'Your e-mail is now new@example.in.',
    );
    expect(calls.verify).toEqual([{ otp: '654321' }, { otp: GOOD_CODE }]);
    expect(sessionUser().email).toBe('new@example.in');
    expect(screen.queryByRole('region', { name: 'Confirm your new e-mail' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.in');
  });

  it('shows a change that still waits for its code when the screen opens', async () => {
    server.use(
      http.get('*/api/users/me', () =>
        HttpResponse.json(serverUser({ pendingEmail: 'later@example.in' })),
      ),
    );
    emailChangeApi();
    signIn();
    renderApp('/manage-account');
    const step = await screen.findByRole('region', { name: 'Confirm your new e-mail' });
    expect(step).toHaveTextContent('We sent a code to later@example.in');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.in');
  });

  it('saves the rest without a code when the e-mail stays', async () => {
    const user = userEvent.setup();
    updateAnswers(keepsEmail);
    const calls = emailChangeApi();
    signIn();
    renderApp('/manage-account');
    await nameField();
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated successfully!');
    expect(calls.start).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Confirm your new e-mail' })).not.toBeInTheDocument();
  });

  it('resends the code after 30 s, and cancels the change', async () => {
    updateAnswers(keepsEmail);
    const calls = emailChangeApi();
    signIn();
    renderApp('/manage-account');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new@example.in');

    vi.useFakeTimers();
    fireEvent.click(save());
    await act(() => vi.advanceTimersByTimeAsync(50));
    await act(() => vi.advanceTimersByTimeAsync(50));
    const step = screen.getByRole('region', { name: 'Confirm your new e-mail' });
    expect(within(step).getByText('Resend code in 30s')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    fireEvent.click(within(step).getByRole('button', { name: 'Resend code' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(calls.resend).toBe(1);
    expect(within(step).getByText('Resend code in 30s')).toBeInTheDocument();

    fireEvent.click(within(step).getByRole('button', { name: 'Cancel' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(calls.cancel).toBe(1);
    expect(screen.queryByRole('region', { name: 'Confirm your new e-mail' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.in');
    expect(sessionUser().email).toBe('asha@example.in');
  });
});

describe('Deleting the account (001 §4, §8)', () => {
  it('asks twice, deletes, says so, logs out and goes home', async () => {
    const user = userEvent.setup();
    const calls = deleteAnswers(() => HttpResponse.json({ success: true }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    signIn();
    const { router } = renderApp('/manage-account');
    await nameField();
    await user.click(screen.getByRole('button', { name: 'DELETE ACCOUNT' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(confirm.mock.calls).toEqual([[DELETE_CONFIRMATIONS[0]], [DELETE_CONFIRMATIONS[1]]]);
    expect(calls.count).toBe(1);
    expect(alert).toHaveBeenCalledWith(
      'Your account has been deleted successfully. You will now be logged out.',
    );
    expect(sessionUser()).toMatchObject({ isLoggedIn: false, role: -1, _id: '' });
    expect(window.localStorage.getItem('userData')).toBeNull();
  });

  it.each([
    ['the first', [false], 1],
    ['the second', [true, false], 2],
  ])('changes nothing when %s question is declined', async (_which, answers, asked) => {
    const user = userEvent.setup();
    const calls = deleteAnswers(() => HttpResponse.json({ success: true }));
    const confirm = vi.spyOn(window, 'confirm');
    for (const answer of answers) confirm.mockReturnValueOnce(answer);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    signIn();
    const { router } = renderApp('/manage-account');
    await nameField();
    await user.click(screen.getByRole('button', { name: 'DELETE ACCOUNT' }));
    expect(confirm).toHaveBeenCalledTimes(asked);
    expect(calls.count).toBe(0);
    expect(alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/manage-account');
    expect(sessionUser().isLoggedIn).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      'the server text',
      () => failure(403, 'You may delete only your own account.', 'FORBIDDEN'),
      'You may delete only your own account.',
    ],
    [
      'no body',
      () => new HttpResponse('oops', { status: 500 }),
      'Failed to delete account. Please try again.',
    ],
    [
      'a network failure',
      () => HttpResponse.error(),
      'Network error. Please check your connection and try again.',
    ],
  ])('a failure shows %s and keeps the account', async (_case, answer, message) => {
    const user = userEvent.setup();
    deleteAnswers(answer);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    signIn();
    const { router } = renderApp('/manage-account');
    await nameField();
    await user.click(screen.getByRole('button', { name: 'DELETE ACCOUNT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/manage-account');
    expect(sessionUser().isLoggedIn).toBe(true);
  });
});
