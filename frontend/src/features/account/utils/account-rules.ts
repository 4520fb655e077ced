import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '@/api/client';
import type { SessionUser } from '@/stores/session';
import type { ProfileUpdate } from '../api/account-api';

/** Manage Account's texts (001 §2, §5, §8) that lib/validation does not hold. */
export const ACCOUNT_TEXTS = {
  phoneLocked: 'Phone number cannot be changed for security reasons',
  sessionInvalid: 'User session is invalid. Please log in again.',
  notLoggedIn: 'You must be logged in to update your profile.',
  emailMissing: 'Email is required. Please log in again.',
  requiredMissing: 'Please fill in all required fields.',
  updated: 'Profile updated successfully!',
  userNotFound: 'User not found. Please log in again.',
  invalidData: 'Invalid data provided. Please check your input.',
  serverError: 'Server error. Please try again later.',
  unauthorized: 'Unauthorized. Please log in again.',
  forbidden: 'Access denied. You do not have permission to update this profile.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  updateFailed: 'Failed to update profile',
  updateFailedUnexpectedly: 'Failed to update profile. Please try again.',
  deleteFailed: 'Failed to delete account. Please try again.',
  deleted: 'Your account has been deleted successfully. You will now be logged out.',
} as const;

/** 001 §9: the success message stays 3 s. */
export const PROFILE_SUCCESS_MS = 3000;

/** The account form as typed; the date as the picker gives it (`YYYY-MM-DD` or empty). */
export interface AccountForm {
  fullName: string;
  email: string;
  dateOfBirth: string;
  gender: string;
}

/** The session checks before saving (001 §5), in the specification's order; null when fine. */
export function sessionProblem(user: SessionUser): string | null {
  if (user._id === '') return ACCOUNT_TEXTS.sessionInvalid;
  if (!user.isLoggedIn) return ACCOUNT_TEXTS.notLoggedIn;
  if (user.email.trim() === '') return ACCOUNT_TEXTS.emailMissing;
  return null;
}

/** Whether a required field (name, e-mail, gender) is blank. */
export const isMissingRequired = (form: AccountForm): boolean =>
  [form.fullName, form.email, form.gender].some((value) => value.trim() === '');

/** The profile-update payload (001 §3). */
export function toProfileUpdate(form: AccountForm): ProfileUpdate {
  const dateOfBirth = form.dateOfBirth.trim();
  return {
    display_name: form.fullName.trim(),
    email: form.email.trim(),
    dateOfBirth: dateOfBirth === '' ? null : dateOfBirth,
    gender: form.gender.trim().toLowerCase(),
  };
}

/** Today in the shopper's own calendar, `YYYY-MM-DD`: the picker's maximum. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The server's own words, when the answer carried an error body. */
function serverText(error: ApiError): string | null {
  // HTTP_nnn means no error body came back (a proxy's page, say): no words of the server's.
  return error.code.startsWith('HTTP_') ? null : error.error;
}

/**
 * 001 §8's longer map from keywords in the server's words to friendly messages. The
 * specification names session, token, timeout, rate limit ('Too many requests. Please wait a
 * moment and try again.') and maintenance; the other messages are ours. First match wins; the
 * keywords are compared in lower case.
 */
export const PROFILE_KEYWORD_MESSAGES: readonly (readonly [readonly string[], string])[] = [
  [['session', 'token'], 'Your session has expired. Please log in again.'],
  [['timeout', 'timed out'], 'The request timed out. Please try again.'],
  [['rate limit', 'too many requests'], ACCOUNT_TEXTS.rateLimited],
  [['maintenance'], 'The service is under maintenance. Please try again later.'],
];

/** The friendly message for the server's words, or null when no keyword is in them. */
export function friendlyProfileMessage(text: string): string | null {
  const lower = text.toLowerCase();
  const hit = PROFILE_KEYWORD_MESSAGES.find(([keywords]) =>
    keywords.some((keyword) => lower.includes(keyword)),
  );
  return hit ? hit[1] : null;
}

/** The server's words, friendlier where a keyword says what went wrong. */
function friendlyServerText(error: ApiError): string | null {
  const text = serverText(error);
  return text === null ? null : (friendlyProfileMessage(text) ?? text);
}

const UPDATE_STATUS_TEXTS: Partial<Record<number, string>> = {
  404: ACCOUNT_TEXTS.userNotFound,
  500: ACCOUNT_TEXTS.serverError,
  401: ACCOUNT_TEXTS.unauthorized,
  403: ACCOUNT_TEXTS.forbidden,
  429: ACCOUNT_TEXTS.rateLimited,
};

/** What a failed profile update shows (001 §8 "Profile update"). */
export function profileUpdateErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return ACCOUNT_TEXTS.updateFailedUnexpectedly;
  if (error.code === NETWORK_ERROR_CODE) return NETWORK_ERROR_MESSAGE;
  // A broken rule names itself (docs/http-api.md: 'Full name is required', ...).
  if (error.status === 400) return friendlyServerText(error) ?? ACCOUNT_TEXTS.invalidData;
  return (
    UPDATE_STATUS_TEXTS[error.status] ?? friendlyServerText(error) ?? ACCOUNT_TEXTS.updateFailed
  );
}

/** What a failed account deletion shows (001 §8 "Account deletion"). */
export function deleteErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === NETWORK_ERROR_CODE) return NETWORK_ERROR_MESSAGE;
  return (error instanceof ApiError ? serverText(error) : null) ?? ACCOUNT_TEXTS.deleteFailed;
}

/** The header card's order count, in My Orders' words (001 §2: '1 order', 'N orders'). */
export function orderCountText(count: number): string {
  if (count === 0) return 'No orders yet';
  return count === 1 ? '1 order' : `${count} orders`;
}

/** 000 §1: phone numbers carry +91; ten digits read best as two groups of five. */
export function formatPhone(phone: string): string {
  const digits = phone.trim();
  return /^\d{10}$/u.test(digits)
    ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`
    : `+91 ${digits}`;
}
