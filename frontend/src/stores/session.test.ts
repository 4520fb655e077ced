import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';

// The store restores itself when its module loads, so each test imports a fresh copy.
async function freshSessionModule() {
  vi.resetModules();
  return import('./session');
}

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
    window.localStorage.setItem('savedAddress', 'Colaba, Mumbai');
    window.localStorage.setItem('authToken', 't0ken');
    const { useSessionUser, useSavedAddress, getSessionToken } = await freshSessionModule();
    const user = renderHook(() => useSessionUser()).result.current;
    expect(user).toMatchObject({ _id: 'u1', role: 0, email: 'asha@example.com', isLoggedIn: true });
    expect(user.onboardingData).toEqual({ styleInterests: [], preferredFits: [], ageRange: '' });
    expect(renderHook(() => useSavedAddress()).result.current).toBe('Colaba, Mumbai');
    expect(getSessionToken()).toBe('t0ken');
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

  it('saves on login and clears state and storage on logout', async () => {
    const { useSessionActions, useIsLoggedIn } = await freshSessionModule();
    const actions = renderHook(() => useSessionActions()).result.current;
    const loggedIn = renderHook(() => useIsLoggedIn());

    act(() => actions.loggedIn({ _id: 'u2', email: 'ravi@example.com' }, 'tok'));
    expect(loggedIn.result.current).toBe(true);
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}')).toMatchObject({
      _id: 'u2',
      role: 0,
      isLoggedIn: true,
    });
    expect(window.localStorage.getItem('email')).toBe('ravi@example.com');
    expect(window.localStorage.getItem('userId')).toBe('u2');

    act(() => actions.loggedOut());
    loggedIn.rerender();
    expect(loggedIn.result.current).toBe(false);
    expect(window.localStorage.getItem('userData')).toBeNull();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });
});
