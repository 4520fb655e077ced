import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { act, renderHook, waitFor } from '@testing-library/react';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { useSessionActions, useSessionUser } from '@/stores/session';
import { useSessionRefresh } from './use-session-refresh';

function storedSession() {
  const actions = renderHook(() => useSessionActions()).result.current;
  act(() => actions.loggedIn(serverUser({ display_name: 'Asha' })));
}

function countMe(answer: () => Response) {
  const calls = { count: 0 };
  server.use(
    http.get('*/api/users/me', () => {
      calls.count += 1;
      return answer();
    }),
  );
  return calls;
}

describe('useSessionRefresh (000 §4 session restore)', () => {
  it("refreshes a stored session with the server's user", async () => {
    storedSession();
    countMe(() => HttpResponse.json(serverUser({ display_name: 'Asha Rao', location: 'Colaba' })));
    renderHook(() => useSessionRefresh());
    const session = renderHook(() => useSessionUser());
    await waitFor(() => expect(session.result.current.name).toBe('Asha Rao'));
    expect(session.result.current.location).toBe('Colaba');
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}')).toMatchObject({
      name: 'Asha Rao',
    });
  });

  it('logs out here when the server no longer knows the session', async () => {
    storedSession();
    const calls = countMe(() =>
      HttpResponse.json({ error: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 }),
    );
    renderHook(() => useSessionRefresh());
    const session = renderHook(() => useSessionUser());
    await waitFor(() => expect(session.result.current.isLoggedIn).toBe(false));
    expect(calls.count).toBe(1);
    expect(window.localStorage.getItem('userData')).toBeNull();
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    storedSession();
    const calls = countMe(() => HttpResponse.error());
    renderHook(() => useSessionRefresh());
    await waitFor(() => expect(calls.count).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(renderHook(() => useSessionUser()).result.current).toMatchObject({
      isLoggedIn: true,
      name: 'Asha',
    });
  });

  it('asks nothing for a logged-out visitor, nor after a later sign-in', async () => {
    const calls = countMe(() => HttpResponse.json(serverUser()));
    const { rerender } = renderHook(() => useSessionRefresh());
    storedSession();
    rerender();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.count).toBe(0);
  });
});
