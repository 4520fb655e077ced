import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { act, renderHook, renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import { ToastViewport } from '@/components/ui/toast-viewport';
import { WISHLIST_SIGN_IN_REASON, WISHLIST_TEXTS } from '@/hooks/use-curated-list';
import { useSessionActions } from '@/stores/session';
import { curatedEntry, curatedListState } from '@/testing/mocks/curated-list-handlers';
import { cargoPants, navyTee } from '@/testing/mocks/fixtures';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { WishlistHeart } from './wishlist-heart';

function signIn() {
  const actions = renderHook(() => useSessionActions()).result.current;
  act(() => actions.loggedIn(serverUser()));
}

function renderHearts(...productIds: string[]) {
  return renderWithProviders(
    <>
      {productIds.map((id, index) => (
        <section key={`${id}-${index}`} aria-label={`card ${index + 1}`}>
          <WishlistHeart productId={id} />
        </section>
      ))}
      <SignInPrompt />
      <ToastViewport />
    </>,
  );
}

/** The heart inside the n-th rendered card. */
const heartOf = (card: number) =>
  screen.getByRole('region', { name: `card ${card}` }).querySelector('button')!;

/** Holds every answer to a curated-list change until `release()` is called. */
function heldChanges() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const hold = async () => {
    calls += 1;
    await gate;
    return HttpResponse.json(curatedEntry(navyTee), { status: 201 });
  };
  server.use(http.post('*/api/curated-list', hold));
  return { release, calls: () => calls };
}

describe('WishlistHeart (000 §4, 001 §4 wishlist toggle)', () => {
  it('asks a logged-out visitor to sign in and calls nothing', async () => {
    const user = userEvent.setup();
    let called = false;
    server.use(
      http.all('*/api/curated-list*', () => {
        called = true;
        return HttpResponse.json([]);
      }),
    );
    renderHearts(navyTee._id);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to continue' });
    expect(dialog).toHaveAccessibleDescription(WISHLIST_SIGN_IN_REASON);
    expect(called).toBe(false);
  });

  it("adds a product that is not in the list: 'Added to wishlist' and a filled heart", async () => {
    const user = userEvent.setup();
    const list = curatedListState();
    server.use(...list.handlers);
    signIn();
    renderHearts(navyTee._id);
    await user.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText(WISHLIST_TEXTS.added)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toBeEnabled();
    expect(list.entries().map((entry) => entry._id)).toEqual([navyTee._id]);
  });

  it("removes a product already in the list: 'Removed from wishlist' and an empty heart", async () => {
    const user = userEvent.setup();
    const list = curatedListState([curatedEntry(navyTee), curatedEntry(cargoPants)]);
    server.use(...list.handlers);
    signIn();
    renderHearts(navyTee._id);
    await user.click(await screen.findByRole('button', { name: 'Remove from wishlist' }));
    expect(await screen.findByText(WISHLIST_TEXTS.removed)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add to wishlist' })).toBeEnabled();
    expect(list.entries().map((entry) => entry._id)).toEqual([cargoPants._id]);
  });

  it("says 'Failed to update wishlist' when the call fails, and the heart stays as it was", async () => {
    const user = userEvent.setup();
    signIn();
    server.use(
      http.post('*/api/curated-list', () =>
        HttpResponse.json({ error: 'Something broke.', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderHearts(navyTee._id);
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WISHLIST_TEXTS.failed);
    expect(screen.queryByText(WISHLIST_TEXTS.added)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to wishlist' })).toBeEnabled());
  });

  it('says the failure too when a removal fails', async () => {
    const user = userEvent.setup();
    signIn();
    // The first handler that matches answers: the failing removal goes before the list's own.
    server.use(
      http.delete('*/api/curated-list/:productId', async () => {
        await delay(10);
        return HttpResponse.error();
      }),
      ...curatedListState([curatedEntry(navyTee)]).handlers,
    );
    renderHearts(navyTee._id);
    await user.click(await screen.findByRole('button', { name: 'Remove from wishlist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WISHLIST_TEXTS.failed);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toBeEnabled(),
    );
  });

  it("is disabled while its change is in flight, on every heart of that product only", async () => {
    const user = userEvent.setup();
    signIn();
    const held = heldChanges();
    renderHearts(navyTee._id, navyTee._id, cargoPants._id);
    await user.click(heartOf(1));
    await waitFor(() => expect(heartOf(1)).toBeDisabled());
    // The same product's heart elsewhere on the screen waits too; another product's does not.
    expect(heartOf(2)).toBeDisabled();
    expect(heartOf(3)).toBeEnabled();
    await user.click(heartOf(2));
    expect(held.calls()).toBe(1);

    held.release();
    expect(await screen.findByText(WISHLIST_TEXTS.added)).toBeInTheDocument();
    await waitFor(() => expect(heartOf(1)).toBeEnabled());
    expect(held.calls()).toBe(1);
  });
});
