import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BAG_TOASTS } from '@/hooks/use-bag';
import { curatedListKeys } from '@/api/curated-list';
import { useSessionActions } from '@/stores/session';
import { bagState } from '@/testing/mocks/bag-handlers';
import { curatedEntry, curatedListState } from '@/testing/mocks/curated-list-handlers';
import { cargoPants, navyTee, plainShirt } from '@/testing/mocks/fixtures';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { CURATED_LIST_TEXTS } from '../curated-list-screen';

function signIn() {
  const actions = renderHook(() => useSessionActions()).result.current;
  act(() => actions.loggedIn(serverUser()));
}

/** Counts the list reads, answering what the list holds. */
function countedList(...products: Parameters<typeof curatedEntry>[0][]) {
  const list = curatedListState(products.map((product) => curatedEntry(product)));
  let reads = 0;
  server.use(
    http.get('*/api/curated-list', () => {
      reads += 1;
      return HttpResponse.json(list.entries());
    }),
    ...list.handlers,
  );
  return { ...list, reads: () => reads };
}

const savedCards = () => screen.getAllByRole('article');

describe('My Curated List (/curatedList, 001 §2, §6, §8)', () => {
  it('asks a signed-out visitor to sign in, with a Sign In button to /profile, and reads nothing', async () => {
    const list = countedList(navyTee);
    renderApp('/curatedList');
    expect(
      await screen.findByRole('heading', { level: 1, name: CURATED_LIST_TEXTS.title }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: CURATED_LIST_TEXTS.signIn })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(list.reads()).toBe(0);
  });

  it('shows a loading state, then the saved products newest first', async () => {
    signIn();
    countedList(navyTee, cargoPants);
    renderApp('/curatedList');
    expect(await screen.findByRole('status')).toHaveTextContent(CURATED_LIST_TEXTS.loading);
    const grid = screen.getByRole('list', { name: CURATED_LIST_TEXTS.title });
    expect(grid).toHaveAttribute('aria-busy', 'true');

    await waitFor(() => expect(grid).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(savedCards()).toHaveLength(2);
    expect(within(grid).getAllByRole('heading').map((h) => h.textContent)).toEqual([
      navyTee.name,
      cargoPants.name,
    ]);
  });

  it('shows image, brand, name and the price in whole rupees; a card opens the product', async () => {
    signIn();
    countedList(navyTee, cargoPants, plainShirt);
    renderApp('/curatedList');
    const tee = await screen.findByRole('article', { name: navyTee.name });
    expect(within(tee).getByRole('img', { name: navyTee.name })).toHaveAttribute(
      'src',
      navyTee.images![0],
    );
    expect(within(tee).getByText('Urban Dhaaga')).toBeInTheDocument();
    // 20 % off ₹1,299 is ₹1,039.20, shown as ₹1,039 with the original struck through.
    expect(within(tee).getByText('₹1,039')).toBeInTheDocument();
    expect(within(tee).getByText('₹1,299')).toBeInTheDocument();
    expect(within(tee).getByRole('link')).toHaveAttribute('href', `/product/${navyTee._id}`);

    const pants = screen.getByRole('article', { name: cargoPants.name });
    expect(within(pants).getByText('₹1,24,999')).toBeInTheDocument();
    const shirt = screen.getByRole('article', { name: plainShirt.name });
    expect(within(shirt).getByText('₹899')).toBeInTheDocument();
    expect(within(shirt).getByText('Loom & Co')).toBeInTheDocument();
  });

  it("says 'Your curated list is empty' with 'Discover Products' to /swipe", async () => {
    signIn();
    countedList();
    renderApp('/curatedList');
    expect(
      await screen.findByRole('heading', { name: CURATED_LIST_TEXTS.emptyTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(CURATED_LIST_TEXTS.emptyHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover Products' })).toHaveAttribute(
      'href',
      '/swipe',
    );
  });

  it('removes a product from the list, and the header count follows', async () => {
    const user = userEvent.setup();
    signIn();
    const list = countedList(navyTee, cargoPants);
    renderApp('/curatedList');
    const tee = await screen.findByRole('article', { name: navyTee.name });
    expect(screen.getByRole('link', { name: 'Curated list, 2 items' })).toBeInTheDocument();

    await user.click(
      within(tee).getByRole('button', { name: `Remove ${navyTee.name} from your curated list` }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: navyTee.name })).not.toBeInTheDocument(),
    );
    expect(savedCards()).toHaveLength(1);
    expect(list.entries().map((entry) => entry._id)).toEqual([cargoPants._id]);
    expect(await screen.findByRole('link', { name: 'Curated list, 1 item' })).toBeInTheDocument();
  });

  it('shows the empty state once the last product is removed', async () => {
    const user = userEvent.setup();
    signIn();
    countedList(navyTee);
    renderApp('/curatedList');
    await user.click(
      await screen.findByRole('button', { name: `Remove ${navyTee.name} from your curated list` }),
    );
    expect(
      await screen.findByRole('heading', { name: CURATED_LIST_TEXTS.emptyTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Curated list' })).toBeInTheDocument();
  });

  it('keeps the card, with its button waiting, while the removal is in flight', async () => {
    const user = userEvent.setup();
    signIn();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let deletes = 0;
    // Handlers added later answer first: this removal goes in front of the list's own.
    countedList(navyTee);
    server.use(
      http.delete('*/api/curated-list/:productId', async () => {
        deletes += 1;
        await gate;
        // Answering nothing hands the request on to the list's own handler, which removes it.
      }),
    );
    renderApp('/curatedList');
    const remove = await screen.findByRole('button', {
      name: `Remove ${navyTee.name} from your curated list`,
    });
    await user.click(remove);
    await waitFor(() => expect(remove).toBeDisabled());
    expect(screen.getByRole('article', { name: navyTee.name })).toHaveAttribute('aria-busy', 'true');
    await user.click(remove);
    expect(deletes).toBe(1);
    release();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: navyTee.name })).not.toBeInTheDocument(),
    );
  });

  it('only logs a failed removal (001 §8): the card stays and no toast shows', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    countedList(navyTee);
    server.use(
      http.delete('*/api/curated-list/:productId', () =>
        HttpResponse.json({ error: 'Something broke.', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp('/curatedList');
    const remove = await screen.findByRole('button', {
      name: `Remove ${navyTee.name} from your curated list`,
    });
    await user.click(remove);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(String(logged.mock.calls[0]![0])).toContain(navyTee._id);
    await waitFor(() => expect(remove).toBeEnabled());
    expect(screen.getByRole('article', { name: navyTee.name })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the list cannot load, and Try Again reads it again', async () => {
    const user = userEvent.setup();
    signIn();
    const list = curatedListState([curatedEntry(navyTee)]);
    let fail = true;
    server.use(
      http.get('*/api/curated-list', () =>
        fail
          ? HttpResponse.json({ error: 'Something broke.', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json(list.entries()),
      ),
    );
    renderApp('/curatedList');
    expect(await screen.findByRole('alert')).toHaveTextContent(CURATED_LIST_TEXTS.loadFailed);
    expect(screen.queryByText(CURATED_LIST_TEXTS.emptyTitle)).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: navyTee.name })).toBeInTheDocument();
  });
});

describe("The curated list's 'Add to Cart' (001 §2: quantity 1, size M)", () => {
  const teeWithM = { ...navyTee, stock: { S: 4, M: 3, L: 12 } };

  it("adds one in size M and says 'Added to bag'", async () => {
    const user = userEvent.setup();
    signIn();
    countedList(teeWithM);
    const bag = bagState([], [teeWithM]);
    server.use(...bag.handlers);
    renderApp('/curatedList');
    const tee = await screen.findByRole('article', { name: navyTee.name });
    await user.click(within(tee).getByRole('button', { name: `Add to Cart: ${navyTee.name}` }));
    expect(await screen.findByText(BAG_TOASTS.added)).toBeInTheDocument();
    expect(bag.calls).toEqual([
      `POST /api/cart/items ${JSON.stringify({ productId: navyTee._id, size: 'M', quantity: 1 })}`,
    ]);
    // The product stays in the curated list.
    expect(screen.getByRole('article', { name: navyTee.name })).toBeInTheDocument();
  });

  it('adds the first size of a product that has no M', async () => {
    const user = userEvent.setup();
    signIn();
    countedList(cargoPants);
    const bag = bagState();
    server.use(...bag.handlers);
    renderApp('/curatedList');
    await user.click(
      await screen.findByRole('button', { name: `Add to Cart: ${cargoPants.name}` }),
    );
    expect(await screen.findByText(BAG_TOASTS.added)).toBeInTheDocument();
    expect(bag.lines().map((line) => [line.product._id, line.size, line.quantity])).toEqual([
      [cargoPants._id, '30', 1],
    ]);
  });

  it("shows the server's words when the size is out of stock", async () => {
    const user = userEvent.setup();
    signIn();
    countedList(navyTee);
    server.use(...bagState().handlers);
    renderApp('/curatedList');
    await user.click(await screen.findByRole('button', { name: `Add to Cart: ${navyTee.name}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Size M is out of stock.');
  });

  it('waits while the add is in flight', async () => {
    const user = userEvent.setup();
    signIn();
    countedList(teeWithM);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    // Handlers added later answer first: the gate goes in front of the bag's own.
    server.use(...bagState([], [teeWithM]).handlers);
    server.use(
      http.post('*/api/cart/items', async () => {
        posts += 1;
        await gate;
      }),
    );
    renderApp('/curatedList');
    const add = await screen.findByRole('button', { name: `Add to Cart: ${navyTee.name}` });
    await user.click(add);
    await waitFor(() => expect(add).toBeDisabled());
    await user.click(add);
    expect(posts).toBe(1);
    release();
    await waitFor(() => expect(add).toBeEnabled());
  });
});

describe("The header's curated-list heart (000 §2.2)", () => {
  it('is plain, without a count, for visitors', async () => {
    renderApp('/home');
    const heart = await screen.findByRole('link', { name: 'Curated list' });
    expect(heart).not.toHaveClass('heartActive');
    expect(heart).not.toHaveTextContent(/\d/);
  });

  it('turns red with the count of saved products', async () => {
    signIn();
    countedList(navyTee, cargoPants, plainShirt);
    renderApp('/home');
    const heart = await screen.findByRole('link', { name: 'Curated list, 3 items' });
    expect(heart).toHaveClass('heartActive');
    expect(heart).toHaveTextContent('3');
    expect(heart.querySelector('svg')).toHaveAttribute('fill', 'currentColor');
  });

  it('stays plain for a signed-in shopper with an empty list', async () => {
    signIn();
    const list = countedList();
    renderApp('/home');
    await waitFor(() => expect(list.reads()).toBe(1));
    const heart = screen.getByRole('link', { name: 'Curated list' });
    expect(heart).not.toHaveClass('heartActive');
  });

  it("counts a like from the swipe screen once the list's root key is invalidated", async () => {
    signIn();
    countedList(navyTee);
    const { queryClient } = renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Curated list, 1 item' })).toBeInTheDocument();
    // A like adds on the server; the swipe screen then invalidates ['curated-list'].
    server.use(
      http.get('*/api/curated-list', () =>
        HttpResponse.json([curatedEntry(cargoPants), curatedEntry(navyTee)]),
      ),
    );
    expect(curatedListKeys.all).toEqual(['curated-list']);
    await act(() => queryClient.invalidateQueries({ queryKey: ['curated-list'] }));
    expect(await screen.findByRole('link', { name: 'Curated list, 2 items' })).toBeInTheDocument();
  });
});
