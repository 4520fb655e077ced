import type { ServerUser } from '@/stores/session';

/** A user as the API answers it (docs/http-api.md, Users): onboarded unless overridden. */
export function serverUser(overrides: Partial<ServerUser> = {}): ServerUser {
  return {
    _id: 'u1',
    email: 'asha@example.in',
    display_name: 'Asha',
    phone: '9876543210',
    gender: 'female',
    dateOfBirth: '2001-04-09',
    location: 'Andheri West, Mumbai',
    interests: ['Streetwear', 'Minimal', 'Ethnic'],
    ml_preferences: ['Relaxed Fit'],
    ageRange: 'Gen Z (18-25)',
    onboarded: true,
    role: 0,
    ...overrides,
  };
}

/** A user the first sign-in just created: the server's defaults, not onboarded. */
export function newServerUser(email = 'ravi@example.in'): ServerUser {
  return serverUser({
    _id: 'u-new',
    email,
    display_name: email.split('@')[0] ?? '',
    phone: '9123456780',
    gender: 'other',
    dateOfBirth: null,
    location: '',
    interests: [],
    ml_preferences: [],
    ageRange: '',
    onboarded: false,
  });
}
