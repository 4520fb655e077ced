import { create } from 'zustand';

// The shopper's session (000 §3, §4), kept in localStorage. Role -1 means logged out; a stored
// session is restored only if it was saved as logged in; logout clears state and storage.

export const ROLE = { loggedOut: -1, shopper: 0, brandUser: 1, admin: 2 } as const;

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

export const STORAGE_KEYS = {
  user: 'userData',
  email: 'email',
  phone: 'phone',
  userId: 'userId',
  savedAddress: 'savedAddress',
  token: 'authToken',
} as const;

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
  token: string | null;
  savedAddress: string | null;
  actions: {
    loggedIn: (user: Partial<SessionUser>, token: string | null) => void;
    userUpdated: (changes: Partial<SessionUser>) => void;
    addressSaved: (address: string) => void;
    loggedOut: () => void;
  };
}

function restore(): Pick<SessionState, 'user' | 'token' | 'savedAddress'> {
  const user = readStoredUser();
  const store = storage();
  if (!user) return { user: LOGGED_OUT_USER, token: null, savedAddress: null };
  return {
    user,
    token: store?.getItem(STORAGE_KEYS.token) ?? null,
    savedAddress: store?.getItem(STORAGE_KEYS.savedAddress) ?? null,
  };
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
    loggedIn: (changes, token) => {
      const user: SessionUser = {
        ...LOGGED_OUT_USER,
        role: ROLE.shopper,
        ...changes,
        isLoggedIn: true,
      };
      persistUser(user);
      if (token) storage()?.setItem(STORAGE_KEYS.token, token);
      set({ user, token });
    },
    userUpdated: (changes) => {
      const user = { ...get().user, ...changes };
      if (user.isLoggedIn) persistUser(user);
      set({ user });
    },
    addressSaved: (address) => {
      storage()?.setItem(STORAGE_KEYS.savedAddress, address);
      set({ savedAddress: address });
    },
    loggedOut: () => {
      const store = storage();
      for (const key of Object.values(STORAGE_KEYS)) store?.removeItem(key);
      set({ user: LOGGED_OUT_USER, token: null, savedAddress: null });
    },
  },
}));

export const useSessionUser = () => useSessionStore((state) => state.user);
export const useIsLoggedIn = () => useSessionStore((state) => state.user.isLoggedIn);
export const useSavedAddress = () => useSessionStore((state) => state.savedAddress);
export const useSessionActions = () => useSessionStore((state) => state.actions);

/** For the API client, which runs outside React. */
export const getSessionToken = (): string | null => useSessionStore.getState().token;
