import { api } from '@/api/client';
import type { components } from '@/api/schema';
import type { ServerUser } from '@/stores/session';

// Account calls (docs/http-api.md, Sign-in and Users). The session is the HttpOnly cookie, so
// none of these carries a token; the server takes the caller from it.

/** The profile-update payload (001 §3): the date as `YYYY-MM-DD` or null, gender lowercase. */
export type ProfileUpdate = components['schemas']['ProfileUpdate'];

export const updateProfile = (userId: string, changes: ProfileUpdate) =>
  api.put<ServerUser>(`/users/${encodeURIComponent(userId)}`, changes);

/** The caller as the server has it now: `pendingEmail` says whether a change waits for its code. */
export const getAccount = (signal?: AbortSignal) => api.get<ServerUser>('/users/me', { signal });

/**
 * Starts moving the caller to a new e-mail: a code goes to that address, and the account keeps
 * its e-mail (the answer's `pendingEmail` says a change waits) until the code is typed back.
 */
export const startEmailChange = (email: string) =>
  api.post<ServerUser>('/users/me/email', { email });

/** Mails a new code for the pending change. */
export const resendEmailCode = () => api.post<ServerUser>('/users/me/email/resend');

/** Confirms the pending change; every other session ends, this one goes on with a new cookie. */
export const confirmEmailChange = (otp: string) =>
  api.post<{ user: ServerUser }>('/users/me/email/verify', { otp });

/** Drops the pending change. */
export const cancelEmailChange = () => api.delete<ServerUser>('/users/me/email');

/** Anonymises the caller's account and ends every session of it (001 §4). */
export const deleteAccount = () => api.delete<{ success: boolean }>('/users/me');

/** Ends every session of the caller and clears the cookie. */
export const logOut = () => api.post<{ success: boolean }>('/users/logout');
