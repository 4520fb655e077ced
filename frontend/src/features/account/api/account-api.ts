import { api } from '@/lib/api';
import type { ServerUser } from '@/stores/session';

// Account calls (docs/http-api.md, Sign-in and Users). The session is the HttpOnly cookie, so
// none of these carries a token; the server takes the caller from it.

/** The profile-update payload (001 §3): the date as `YYYY-MM-DD` or null, gender lowercase. */
export interface ProfileUpdate {
  display_name: string;
  email: string;
  dateOfBirth: string | null;
  gender: string;
}

export const updateProfile = (userId: string, changes: ProfileUpdate) =>
  api.put<ServerUser>(`/users/${encodeURIComponent(userId)}`, changes);

/** Anonymises the caller's account and ends every session of it (001 §4). */
export const deleteAccount = () => api.delete<{ success: boolean }>('/users/me');

/** Ends every session of the caller and clears the cookie. */
export const logOut = () => api.post<{ success: boolean }>('/users/logout');
