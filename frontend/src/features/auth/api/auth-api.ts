import { api } from '@/api/client';
import type { components } from '@/api/schema';
import type { ServerUser } from '@/stores/session';

// Sign-in calls (docs/http-api.md, Sign-in and Users). The session itself comes back as the
// HttpOnly cookie; the `token` of verify-otp is for other clients and is never kept here.

/** The sign-in answer, its user read as the session store reads every user. */
export type VerifyAnswer = Omit<components['schemas']['SignedIn'], 'user'> & { user: ServerUser };

/** Mails a 6-digit code to `email`; the code is never in the answer. */
export const requestCode = (email: string) =>
  api.post<{ success: boolean }>('/users/generate-otp', { email });

export const verifyCode = (email: string, otp: string) =>
  api.post<VerifyAnswer>('/users/verify-otp', { email, otp });

/** The location typed at sign-in, saved on the caller's own record (registration). */
export const saveLocation = (email: string, location: string) =>
  api.post<ServerUser>('/users', { email, location });

export const getMe = (signal?: AbortSignal) => api.get<ServerUser>('/users/me', { signal });
