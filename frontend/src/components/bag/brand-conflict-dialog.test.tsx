import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BAG_TOASTS } from '@/hooks/use-bag';
import { useSessionActions } from '@/stores/session';
import { bagState } from '@/testing/mocks/bag-handlers';
import { curatedEntry, curatedListState } from '@/testing/mocks/curated-list-handlers';
import { cargoPants, navyTee } from '@/testing/mocks/fixtures';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { BRAND_CONFLICT_TEXTS } from './brand-conflict-dialog';

const DIALOG_TITLE = BRAND_CONFLICT_TEXTS.title('Urban Dhaaga');

/**
 * A shopper whose bag holds Urban Dhaaga's tee, adding Kaapi Studio's cargo pants from the
 * curated list: the bag answers BRAND_CONFLICT and the dialog opens over the shell.
 */
async function raiseConflict() {
  const user = userEvent.setup();
  const session = renderHook(() => useSessionActions()).result.current;
  act(() => session.loggedIn(serverUser()));
  const bag = bagState([{ product: navyTee, size: 'L', quantity: 2 }]);
  server.use(...curatedListState([curatedEntry(cargoPants)]).handlers, ...bag.handlers);
  renderApp('/curatedList');
  await user.click(await screen.findByRole('button', { name: `Add to Cart: ${cargoPants.name}` }));
  const dialog = await screen.findByRole('dialog', { name: DIALOG_TITLE });
  return { user, bag, dialog };
}

describe('the brand-conflict dialog (000 §2.2, 001 §2 Bag, §4)', () => {
  it('names both brands when an add meets a bag of another brand', async () => {
    const { bag, dialog } = await raiseConflict();
    expect(dialog).toHaveAccessibleDescription(
      BRAND_CONFLICT_TEXTS.message('Urban Dhaaga', 'Kaapi Studio'),
    );
    expect(within(dialog).getByRole('button', { name: 'Switch to Kaapi Studio' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Keep Urban Dhaaga' })).toBeEnabled();
    // Nothing changed: the bag still holds the tee.
    expect(bag.lines().map((line) => line.product._id)).toEqual([navyTee._id]);
    expect(screen.queryByText(BAG_TOASTS.added)).not.toBeInTheDocument();
  });

  it("'Switch to' empties the bag and adds the product, then closes", async () => {
    const { user, bag, dialog } = await raiseConflict();
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Kaapi Studio' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(BAG_TOASTS.added)).toBeInTheDocument();
    expect(bag.calls.at(-1)).toBe(
      `POST /api/cart/switch-brand ${JSON.stringify({ productId: cargoPants._id, size: '30', quantity: 1 })}`,
    );
    expect(bag.lines().map((line) => [line.product._id, line.size, line.quantity])).toEqual([
      [cargoPants._id, '30', 1],
    ]);
  });

  it('waits while the switch is in flight', async () => {
    const { user, dialog } = await raiseConflict();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/cart/switch-brand', async () => {
        await gate;
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Kaapi Studio' }));
    expect(await within(dialog).findByRole('button', { name: 'Switching...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Keep Urban Dhaaga' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Oops! Couldn't switch brands. Please try again.' when the switch fails", async () => {
    const { user, bag, dialog } = await raiseConflict();
    server.use(
      http.post('*/api/cart/switch-brand', () =>
        HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Kaapi Studio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Oops! Couldn't switch brands. Please try again.",
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bag.lines().map((line) => line.product._id)).toEqual([navyTee._id]);
  });

  it("'Keep' closes the dialog and leaves the bag as it is", async () => {
    const { user, bag, dialog } = await raiseConflict();
    const callsBefore = bag.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Keep Urban Dhaaga' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bag.calls).toHaveLength(callsBefore);
    expect(bag.lines().map((line) => line.product._id)).toEqual([navyTee._id]);
  });

  it('closes with its Close button and with Escape', async () => {
    const { user, dialog } = await raiseConflict();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Add to Cart: ${cargoPants.name}` }));
    await screen.findByRole('dialog', { name: DIALOG_TITLE });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
