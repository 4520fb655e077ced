import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '@/api/client';
import { LOGGED_OUT_USER, toSessionUser } from '@/stores/session';
import { serverUser } from '@/testing/mocks/users';
import {
  ACCOUNT_TEXTS,
  deleteErrorText,
  formatPhone,
  friendlyProfileMessage,
  isMissingRequired,
  localToday,
  orderCountText,
  profileUpdateErrorText,
  sessionProblem,
  toProfileUpdate,
} from './account-rules';

const withBody = (status: number, code: string, error: string) => new ApiError(status, code, error);
const withoutBody = (status: number) =>
  new ApiError(status, `HTTP_${status}`, `HTTP error! status: ${status}`);
const network = new ApiError(0, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);

describe('profile update failures (001 §8)', () => {
  it.each([
    ['404', withBody(404, 'NOT_FOUND', 'No such user'), 'User not found. Please log in again.'],
    [
      '400 with the server text',
      withBody(400, 'INVALID', 'Full name is required'),
      'Full name is required',
    ],
    ['400 without a body', withoutBody(400), 'Invalid data provided. Please check your input.'],
    ['500', withBody(500, 'INTERNAL', 'Something broke'), 'Server error. Please try again later.'],
    [
      '401',
      withBody(401, 'UNAUTHENTICATED', 'Please sign in to continue.'),
      'Unauthorized. Please log in again.',
    ],
    [
      '403',
      withBody(403, 'FORBIDDEN', 'Not yours'),
      'Access denied. You do not have permission to update this profile.',
    ],
    [
      '429',
      withBody(429, 'RATE_LIMITED', 'Slow down'),
      'Too many requests. Please wait a moment and try again.',
    ],
    [
      '409 with the server text',
      withBody(409, 'EMAIL_TAKEN', 'That e-mail is taken.'),
      'That e-mail is taken.',
    ],
    ['502 without a body', withoutBody(502), 'Failed to update profile'],
    ['a network failure', network, 'Network error. Please check your connection and try again.'],
    ['anything else', new Error('boom'), 'Failed to update profile. Please try again.'],
  ])('%s', (_case, error, text) => {
    expect(profileUpdateErrorText(error)).toBe(text);
  });
});

describe("the profile's keyword-to-message map (001 §8)", () => {
  it.each([
    ['Session expired', 'Your session has expired. Please log in again.'],
    ['Invalid TOKEN signature', 'Your session has expired. Please log in again.'],
    ['Upstream timeout', 'The request timed out. Please try again.'],
    ['The database timed out', 'The request timed out. Please try again.'],
    ['Rate limit exceeded', 'Too many requests. Please wait a moment and try again.'],
    ['Too many requests', 'Too many requests. Please wait a moment and try again.'],
    ['Down for maintenance', 'The service is under maintenance. Please try again later.'],
    ['That e-mail is taken.', null],
  ])('%j', (text, message) => {
    expect(friendlyProfileMessage(text)).toBe(message);
  });

  it("is applied to the server's words where the profile shows them", () => {
    expect(profileUpdateErrorText(withBody(503, 'UNAVAILABLE', 'Down for maintenance'))).toBe(
      'The service is under maintenance. Please try again later.',
    );
    expect(profileUpdateErrorText(withBody(400, 'INVALID', 'Session missing'))).toBe(
      'Your session has expired. Please log in again.',
    );
    expect(profileUpdateErrorText(withBody(504, 'GATEWAY_TIMEOUT', 'Gateway timeout'))).toBe(
      'The request timed out. Please try again.',
    );
  });
});

describe('account deletion failures (001 §8)', () => {
  it.each([
    ['the server text', withBody(403, 'FORBIDDEN', 'Not yours'), 'Not yours'],
    ['no body', withoutBody(500), 'Failed to delete account. Please try again.'],
    ['a network failure', network, 'Network error. Please check your connection and try again.'],
    ['anything else', new Error('boom'), 'Failed to delete account. Please try again.'],
  ])('%s', (_case, error, text) => {
    expect(deleteErrorText(error)).toBe(text);
  });
});

describe('session checks before saving (001 §5)', () => {
  const signedIn = toSessionUser(serverUser());

  it('passes a signed-in user with an id and an e-mail', () => {
    expect(sessionProblem(signedIn)).toBeNull();
  });

  it('checks the id, then the sign-in, then the stored e-mail', () => {
    expect(sessionProblem(LOGGED_OUT_USER)).toBe(ACCOUNT_TEXTS.sessionInvalid);
    expect(sessionProblem({ ...signedIn, _id: '' })).toBe(
      'User session is invalid. Please log in again.',
    );
    expect(sessionProblem({ ...signedIn, isLoggedIn: false })).toBe(
      'You must be logged in to update your profile.',
    );
    expect(sessionProblem({ ...signedIn, email: ' ' })).toBe(
      'Email is required. Please log in again.',
    );
  });
});

describe('the account form', () => {
  const form = {
    fullName: ' Asha ',
    email: ' asha@example.in ',
    dateOfBirth: '',
    gender: 'Female',
  };

  it('sends a trimmed payload with a null date and a lowercase gender (001 §3)', () => {
    expect(toProfileUpdate(form)).toEqual({
      display_name: 'Asha',
      email: 'asha@example.in',
      dateOfBirth: null,
      gender: 'female',
    });
    expect(toProfileUpdate({ ...form, dateOfBirth: '2001-04-09' }).dateOfBirth).toBe('2001-04-09');
  });

  it('knows when a required field is blank', () => {
    expect(isMissingRequired(form)).toBe(false);
    expect(isMissingRequired({ ...form, fullName: ' ' })).toBe(true);
    expect(isMissingRequired({ ...form, email: '' })).toBe(true);
    expect(isMissingRequired({ ...form, gender: '' })).toBe(true);
    expect(isMissingRequired({ ...form, dateOfBirth: '' })).toBe(false);
  });

  it("gives today's date in the local calendar", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('profile texts', () => {
  it('counts orders honestly', () => {
    expect(orderCountText(0)).toBe('No orders yet');
    expect(orderCountText(1)).toBe('1 order');
    expect(orderCountText(12)).toBe('12 orders');
  });

  it('shows phones with +91 (000 §1)', () => {
    expect(formatPhone('9876543210')).toBe('+91 98765 43210');
    expect(formatPhone('12345')).toBe('+91 12345');
  });
});
