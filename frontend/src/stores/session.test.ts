import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { newServerUser, serverUser } from '@/testing/mocks/users';

// The store restores itself when its module loads, so each test imports a fresh copy.
async function freshSessionModule() {
  vi.resetModules();
  return import('./session');
}

const storedKeys = () => Object.keys(window.localStorage).sort();

describe('session store (000 §3, §4)', () => {
  afterEach(() => {
    window.localStorage.clear();
  });

  it('starts logged out with role -1', async () => {
    const { useSessionUser, useIsLoggedIn } = await freshSessionModule();
    expect(renderHook(() => useSessionUser()).result.current.role).toBe(-1);
    expect(renderHook(() => useIsLoggedIn()).result.current).toBe(false);
  });

  it('restores a session saved as logged in', async () => {
    window.localStorage.setItem(
      'userData',
      JSON.stringify({ _id: 'u1', role: 0, email: 'asha@example.com', isLoggedIn: true }),
    );
    const { useSessionUser } = await freshSessionModule();
    const user = renderHook(() => useSessionUser()).result.current;
    expect(user).toMatchObject({ _id: 'u1', role: 0, email: 'asha@example.com', isLoggedIn: true });
    expect(user.onboardingData).toEqual({ styleInterests: [], preferredFits: [], ageRange: '' });
  });

  it('drops a readable token and an address copy that earlier versions stored', async () => {
    window.localStorage.setItem('userData', JSON.stringify({ _id: 'u1', isLoggedIn: true }));
    window.localStorage.setItem('authToken', 't0ken');
    window.localStorage.setItem('savedAddress', 'Colaba, Mumbai');
    const mod = await freshSessionModule();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('savedAddress')).toBeNull();
    expect(renderHook(() => mod.useIsLoggedIn()).result.current).toBe(true);
    expect(Object.keys(mod)).not.toContain('getSessionToken');
  });

  it('ignores a stored session that was not logged in', async () => {
    window.localStorage.setItem('userData', JSON.stringify({ _id: 'u1', isLoggedIn: false }));
    const { useIsLoggedIn } = await freshSessionModule();
    expect(renderHook(() => useIsLoggedIn()).result.current).toBe(false);
  });

  it('ignores unreadable storage', async () => {
    window.localStorage.setItem('userData', '{not json');
    const { useIsLoggedIn } = await freshSessionModule();
    expect(renderHook(() => useIsLoggedIn()).result.current).toBe(false);
  });

  it("maps the server's user into the spec's session user", async () => {
    const { toSessionUser } = await freshSessionModule();
    expect(toSessionUser(serverUser())).toEqual({
      _id: 'u1',
      role: 0,
      phoneNumber: '9876543210',
      name: 'Asha',
      email: 'asha@example.in',
      dateOfBirth: '2001-04-09',
      gender: 'female',
      location: 'Andheri West, Mumbai',
      isLoggedIn: true,
      isNewUser: false,
      onboardingData: {
        styleInterests: ['Streetwear', 'Minimal', 'Ethnic'],
        preferredFits: ['Relaxed Fit'],
        ageRange: 'Gen Z (18-25)',
      },
    });
    expect(toSessionUser(newServerUser())).toMatchObject({ isNewUser: true, role: 0 });
    expect(toSessionUser(serverUser({ role: null, location: null, display_name: null }))).toMatchObject({
      role: 0,
      location: '',
      name: '',
    });
    expect(toSessionUser(serverUser({ role: 2 })).role).toBe(2);
  });

  it('saves on login, with no token, and clears state and storage on logout', async () => {
    const { useSessionActions, useIsLoggedIn } = await freshSessionModule();
    const actions = renderHook(() => useSessionActions()).result.current;
    const loggedIn = renderHook(() => useIsLoggedIn());

    act(() => actions.loggedIn(serverUser({ _id: 'u2', email: 'ravi@example.com' })));
    expect(loggedIn.result.current).toBe(true);
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}')).toMatchObject({
      _id: 'u2',
      role: 0,
      isLoggedIn: true,
    });
    expect(window.localStorage.getItem('email')).toBe('ravi@example.com');
    expect(window.localStorage.getItem('userId')).toBe('u2');
    expect(window.localStorage.getItem('phone')).toBe('9876543210');
    expect(storedKeys()).toEqual(['email', 'phone', 'userData', 'userId']);
    expect(window.localStorage.getItem('userData')).not.toMatch(/token/i);

    act(() => actions.loggedOut());
    loggedIn.rerender();
    expect(loggedIn.result.current).toBe(false);
    expect(storedKeys()).toEqual([]);
  });

  it('forgets a logged-in session the server rejected, and nothing else', async () => {
    const { useSessionActions, useIsLoggedIn, sessionRejected } = await freshSessionModule();
    window.localStorage.setItem('searchHistory', '[]');
    sessionRejected();
    expect(storedKeys()).toEqual(['searchHistory']);

    const actions = renderHook(() => useSessionActions()).result.current;
    act(() => actions.loggedIn(serverUser()));
    const loggedIn = renderHook(() => useIsLoggedIn());
    expect(loggedIn.result.current).toBe(true);
    act(() => sessionRejected());
    loggedIn.rerender();
    expect(loggedIn.result.current).toBe(false);
    expect(window.localStorage.getItem('userData')).toBeNull();
  });
});
