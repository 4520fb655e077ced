import { useEffect, useState } from 'react';
import { ApiError } from '@/api/client';
import { useIsLoggedIn, useSessionActions } from '@/stores/session';
import { getMe } from '../api/auth-api';

/**
 * On start-up, a session stored as logged in is checked with the server in the background: its
 * answer refreshes the stored user, a 401 logs out here too, and no answer (offline) keeps the
 * stored session as it is.
 */
export function useSessionRefresh(): void {
  const isLoggedIn = useIsLoggedIn();
  // Only the session found at start-up: a sign-in later brings its own fresh user.
  const [storedAtStart] = useState(isLoggedIn);
  const { loggedIn, loggedOut } = useSessionActions();

  useEffect(() => {
    if (!storedAtStart) return;
    const controller = new AbortController();
    getMe(controller.signal).then(loggedIn, (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) loggedOut();
    });
    return () => controller.abort();
  }, [storedAtStart, loggedIn, loggedOut]);
}
