import { create } from 'zustand';

// The shopper's session (000 §3, §4), kept in localStorage. Role -1 means logged out; a stored
// session is restored only if it was saved as logged in; logout clears state and storage.
// The proof of the session is the server's HttpOnly cookie: no token is ever kept here.

export const ROLE = { loggedOut: -1, shopper: 0, brandUser: 1, admin: 2 } as const;

/** Brand users and admins: the people the brand console is for (000 §6). */
export const isBrandTeam = (role: number): boolean =>
  role === ROLE.brandUser || role === ROLE.admin;

export interface OnboardingData {
  styleInterests: string[];
  preferredFits: string[];
  ageRange: string;
}

export interface SessionUser {
  _id: string;
  role: number;
  phoneNumber: string;
  name: string;
  email: string;
  dateOfBirth: string | null;
  gender: string;
  location: string;
  isLoggedIn: boolean;
  isNewUser: boolean;
  onboardingData: OnboardingData;
}

/**
 * The user as the API answers it (docs/http-api.md, Users): the fields the shop reads. A deleted
 * account's erased fields come back empty or null, so every text may be null.
 */
export interface ServerUser {
  _id: string;
  email: string | null;
  display_name: string | null;
  phone: string | null;
  gender: string | null;
  dateOfBirth: string | null;
  location: string | null;
  interests: string[] | null;
  ml_preferences: string[] | null;
  ageRange: string | null;
  onboarded: boolean;
  role: number | null;
  /** A new e-mail asked for and not yet proven by its mailed code (ours). */
  pendingEmail?: string | null;
}

export const STORAGE_KEYS = {
  user: 'userData',
  email: 'email',
  phone: 'phone',
  userId: 'userId',
} as const;

/**
 * What earlier versions kept and this one must not: a readable session token, and a copy of the
 * delivery address (the saved addresses are the server's, read through React Query). Removed
 * wherever they are still found.
 */
const STALE_KEYS = ['authToken', 'savedAddress'] as const;

export const LOGGED_OUT_USER: SessionUser = {
  _id: '',
  role: ROLE.loggedOut,
  phoneNumber: '',
  name: '',
  email: '',
  dateOfBirth: null,
  gender: '',
  location: '',
  isLoggedIn: false,
  isNewUser: false,
  onboardingData: { styleInterests: [], preferredFits: [], ageRange: '' },
};

/** The spec's session user (000 §3) for the server's user, signed in. */
export function toSessionUser(user: ServerUser): SessionUser {
  return {
    _id: user._id,
    role: user.role ?? ROLE.shopper,
    phoneNumber: user.phone ?? '',
    name: user.display_name ?? '',
    email: user.email ?? '',
    dateOfBirth: user.dateOfBirth,
    gender: user.gender ?? '',
    location: user.location ?? '',
    isLoggedIn: true,
    isNewUser: !user.onboarded,
    onboardingData: {
      styleInterests: user.interests ?? [],
      preferredFits: user.ml_preferences ?? [],
      ageRange: user.ageRange ?? '',
    },
  };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage can be blocked (private mode, policies): run without it.
  }
}

function readStoredUser(): SessionUser | null {
  const raw = storage()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<SessionUser> | null;
    if (!parsed || parsed.isLoggedIn !== true) return null;
    return { ...LOGGED_OUT_USER, ...parsed, isLoggedIn: true };
  } catch {
    return null;
  }
}

interface SessionState {
  user: SessionUser;
  actions: {
    /** Signed in, or the server's fresh copy of the signed-in user. */
    loggedIn: (user: ServerUser) => void;
    userUpdated: (changes: Partial<SessionUser>) => void;
    loggedOut: () => void;
  };
}

function restore(): Pick<SessionState, 'user'> {
  const store = storage();
  for (const key of STALE_KEYS) store?.removeItem(key);
  return { user: readStoredUser() ?? LOGGED_OUT_USER };
}

function persistUser(user: SessionUser): void {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  store.setItem(STORAGE_KEYS.email, user.email);
  store.setItem(STORAGE_KEYS.phone, user.phoneNumber);
  store.setItem(STORAGE_KEYS.userId, user._id);
}

const useSessionStore = create<SessionState>()((set, get) => ({
  ...restore(),
  actions: {
    loggedIn: (serverUser) => {
      const user = toSessionUser(serverUser);
      persistUser(user);
      set({ user });
    },
    userUpdated: (changes) => {
      const user = { ...get().user, ...changes };
      if (user.isLoggedIn) persistUser(user);
      set({ user });
    },
    loggedOut: () => {
      const store = storage();
      for (const key of [...Object.values(STORAGE_KEYS), ...STALE_KEYS]) store?.removeItem(key);
      set({ user: LOGGED_OUT_USER });
    },
  },
}));

export const useSessionUser = () => useSessionStore((state) => state.user);
export const useIsLoggedIn = () => useSessionStore((state) => state.user.isLoggedIn);
export const useSessionActions = () => useSessionStore((state) => state.actions);

/**
 * For the API client's 401 UNAUTHENTICATED hook, which runs outside React: the server no longer
 * knows the session, so a session this browser still calls logged in is forgotten.
 */
export function sessionRejected(): void {
  const { user, actions } = useSessionStore.getState();
  if (user.isLoggedIn) actions.loggedOut();
}
