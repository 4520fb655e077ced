import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { BagCheckoutState } from '@/api/bag';
import type { Product } from '@/lib/product';
import { useSessionActions } from '@/stores/session';
import { bagOf, bagState, type LineSpec } from '@/testing/mocks/bag-handlers';
import { navyTee } from '@/testing/mocks/fixtures';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import {
  act,
  fireEvent,
  renderApp,
  renderHook,
  screen,
  waitFor,
  within,
} from '@/testing/test-utils';
import { BAG_DRAG_LIMIT_PX } from '@/lib/swipe';
import { PRICE_CHANGED_TEXT } from '../bag-line';
import { BAG_TEXTS } from '../bag-screen';

/** A second product of the tee's brand: a bag holds one brand at a time. */
const linenShirt: Product = {
  ...navyTee,
  _id: '019a0000-0000-7000-8000-0000000000aa',
  name: 'Sand Linen Shirt',
  price: { $numberDecimal: '1999.00' },
  offerPercentage: 0,
  images: ['/api/media/art/shirt/sand/front.svg'],
  sizes: ['M', 'L'],
  stock: { M: 5, L: 1 },
};

function signIn() {
  const actions = renderHook(() => useSessionActions()).result.current;
  act(() => actions.loggedIn(serverUser()));
}

/** A signed-in shopper's bag of these lines, remembering changes. */
function openBag(lines: LineSpec[]) {
  signIn();
  const bag = bagState(lines, [navyTee, linenShirt]);
  server.use(...bag.handlers);
  const view = renderApp('/bag');
  return { ...view, bag };
}

const line = (name: string) => screen.getByRole('article', { name });
const findLine = (name: string) => screen.findByRole('article', { name });
const quantityOf = (name: string) =>
  within(screen.getByRole('group', { name: `Quantity of ${name}` })).getByText(/^\d+$/);
const footer = () => screen.getByRole('region', { name: /Total/ });

const twoLines: LineSpec[] = [
  { product: navyTee, size: 'L', quantity: 2 },
  { product: linenShirt, size: 'M', quantity: 1 },
];

/** Drags the line left by `px` with pointer events and lets go. */
function swipeLeft(element: HTMLElement, px: number) {
  fireEvent.pointerDown(element, { pointerId: 1, pointerType: 'touch', clientX: 300, clientY: 200 });
  fireEvent.pointerMove(element, { pointerId: 1, pointerType: 'touch', clientX: 290, clientY: 200 });
  fireEvent.pointerMove(element, { pointerId: 1, pointerType: 'touch', clientX: 300 - px, clientY: 201 });
  fireEvent.pointerUp(element, { pointerId: 1, pointerType: 'touch', clientX: 300 - px, clientY: 201 });
}

describe('Your Bag (/bag, 001 §2 Bag, §4, §8)', () => {
  it('asks a visitor to sign in, opening the sign-in prompt, and reads no bag', async () => {
    const user = userEvent.setup();
    let reads = 0;
    server.use(
      http.get('*/api/cart', () => {
        reads += 1;
        return HttpResponse.json(bagOf([]));
      }),
    );
    renderApp('/bag');
    expect(await screen.findByRole('heading', { level: 1, name: BAG_TEXTS.title })).toBeVisible();
    expect(screen.getByRole('heading', { name: BAG_TEXTS.signIn })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toHaveAccessibleDescription(
      BAG_TEXTS.signInReason,
    );
    expect(reads).toBe(0);
  });

  it('has no fixed top header, and the Bag tab is current', async () => {
    openBag([]);
    await screen.findByRole('heading', { level: 1, name: BAG_TEXTS.title });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /^Bag/ })).toHaveAttribute('aria-current', 'page');
  });

  it("says 'Loading your bag...' until the bag arrives", async () => {
    openBag(twoLines);
    expect(await screen.findByRole('status')).toHaveTextContent(BAG_TEXTS.loading);
    await findLine(navyTee.name);
    expect(screen.queryByText(BAG_TEXTS.loading)).not.toBeInTheDocument();
  });

  it("says 'Failed to load bag' with the error text, and Retry reads it again", async () => {
    const user = userEvent.setup();
    signIn();
    const bag = bagState(twoLines, [navyTee, linenShirt]);
    let fail = true;
    server.use(
      http.get('*/api/cart', () =>
        fail
          ? HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json(bagOf(bag.lines())),
      ),
    );
    renderApp('/bag');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: BAG_TEXTS.loadFailed })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findLine(navyTee.name)).toBeInTheDocument();
  });

  it("shows the empty bag with 'Start shopping' to /", async () => {
    openBag([]);
    expect(await screen.findByRole('heading', { name: BAG_TEXTS.emptyTitle })).toBeVisible();
    expect(screen.getByText(BAG_TEXTS.emptyHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BAG_TEXTS.checkout })).not.toBeInTheDocument();
  });

  it("shows each line's image, name, brand, size and today's price of one", async () => {
    openBag(twoLines);
    const tee = await findLine(navyTee.name);
    expect(within(tee).getByRole('img', { hidden: true, name: navyTee.name })).toHaveAttribute(
      'src',
      navyTee.images[0],
    );
    expect(within(tee).getByText('Urban Dhaaga')).toBeInTheDocument();
    expect(within(tee).getByText('Size: L')).toBeInTheDocument();
    // 20 % off ₹1,299.
    expect(within(tee).getByText('₹1,039.20')).toBeInTheDocument();
    expect(within(tee).getByRole('link', { name: navyTee.name })).toHaveAttribute(
      'href',
      `/product/${navyTee._id}`,
    );
    expect(quantityOf(navyTee.name)).toHaveTextContent('2');
    expect(within(tee).queryByText(PRICE_CHANGED_TEXT)).not.toBeInTheDocument();

    const shirt = line(linenShirt.name);
    expect(within(shirt).getByText('Size: M')).toBeInTheDocument();
    expect(within(shirt).getByText('₹1,999')).toBeInTheDocument();
  });

  it('notes a price that changed since it was added, with the old price struck', async () => {
    openBag([{ product: linenShirt, size: 'M', quantity: 1, paidPaise: 179_900 }]);
    const shirt = await findLine(linenShirt.name);
    expect(within(shirt).getByText(PRICE_CHANGED_TEXT)).toBeInTheDocument();
    expect(within(shirt).getByText('₹1,799').closest('s')).not.toBeNull();
    expect(within(shirt).getByText('₹1,999')).toBeInTheDocument();
  });

  it('shows the total in rupees and the item count in the 104 px footer', async () => {
    openBag(twoLines);
    await findLine(navyTee.name);
    // 2 x ₹1,039.20 + ₹1,999.
    expect(within(footer()).getByText('₹4,077.40')).toBeInTheDocument();
    expect(within(footer()).getByText('(3 items)')).toBeInTheDocument();
  });

  it('adds one with plus; the total, the count and the Bag badge follow', async () => {
    const user = userEvent.setup();
    const { bag } = openBag(twoLines);
    await findLine(navyTee.name);
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${navyTee.name}` }));
    await waitFor(() => expect(quantityOf(navyTee.name)).toHaveTextContent('3'));
    expect(bag.calls).toEqual([`PUT /api/cart/items/${navyTee._id}/L 3`]);
    expect(within(footer()).getByText('₹5,116.60')).toBeInTheDocument();
    expect(within(footer()).getByText('(4 items)')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Bag, 4 items' })).toBeInTheDocument();
  });

  it('takes one off with minus, and minus at 1 takes the line out (quantity 0)', async () => {
    const user = userEvent.setup();
    const { bag } = openBag(twoLines);
    await findLine(navyTee.name);
    await user.click(screen.getByRole('button', { name: `Decrease quantity of ${navyTee.name}` }));
    await waitFor(() => expect(quantityOf(navyTee.name)).toHaveTextContent('1'));
    await user.click(
      screen.getByRole('button', { name: `Decrease quantity of ${linenShirt.name}` }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: linenShirt.name })).not.toBeInTheDocument(),
    );
    expect(bag.calls).toEqual([
      `PUT /api/cart/items/${navyTee._id}/L 1`,
      `PUT /api/cart/items/${linenShirt._id}/M 0`,
    ]);
    expect(within(footer()).getByText('(1 item)')).toBeInTheDocument();
  });

  it('disables plus at the stock left of the size', async () => {
    openBag([{ product: linenShirt, size: 'L', quantity: 1 }]);
    await findLine(linenShirt.name);
    expect(
      screen.getByRole('button', { name: `Increase quantity of ${linenShirt.name}` }),
    ).toBeDisabled();
    expect(
      screen.getByRole('button', { name: `Decrease quantity of ${linenShirt.name}` }),
    ).toBeEnabled();
  });

  it('says so on a line whose product was archived', async () => {
    openBag([
      {
        product: navyTee,
        size: 'L',
        quantity: 1,
        unavailableReason: 'This product is no longer sold.',
      },
    ]);
    await findLine(navyTee.name);
    expect(within(line(navyTee.name)).getByRole('status')).toHaveTextContent(
      'This product is no longer sold.',
    );
  });

  it('disables plus at 99, the most of one line', async () => {
    openBag([{ product: linenShirt, size: 'M', quantity: 99, inStock: 150 }]);
    await findLine(linenShirt.name);
    expect(
      screen.getByRole('button', { name: `Increase quantity of ${linenShirt.name}` }),
    ).toBeDisabled();
  });

  it("shows the server's refusal of a quantity as an error toast", async () => {
    const user = userEvent.setup();
    openBag(twoLines);
    server.use(
      http.put('*/api/cart/items/:productId/:size', () =>
        HttpResponse.json(
          { error: 'Only 2 left in size L.', code: 'NOT_ENOUGH_STOCK', available: 2 },
          { status: 422 },
        ),
      ),
    );
    await findLine(navyTee.name);
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${navyTee.name}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 left in size L.');
    expect(quantityOf(navyTee.name)).toHaveTextContent('2');
  });

  it('waits on a line while its change is in flight', async () => {
    const user = userEvent.setup();
    openBag(twoLines);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let puts = 0;
    server.use(
      http.put('*/api/cart/items/:productId/:size', async () => {
        puts += 1;
        await gate;
        // Answering nothing hands the request on to the bag's own handler.
      }),
    );
    await findLine(navyTee.name);
    const plus = screen.getByRole('button', { name: `Increase quantity of ${navyTee.name}` });
    await user.click(plus);
    await waitFor(() => expect(plus).toBeDisabled());
    expect(line(navyTee.name)).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: BAG_TEXTS.checkout })).toBeDisabled();
    await user.click(plus);
    expect(puts).toBe(1);
    release();
    await waitFor(() => expect(quantityOf(navyTee.name)).toHaveTextContent('3'));
    expect(plus).toBeEnabled();
  });

  it('removes a line with its remove button', async () => {
    const user = userEvent.setup();
    const { bag } = openBag(twoLines);
    await findLine(navyTee.name);
    await user.click(screen.getByRole('button', { name: `Remove ${navyTee.name} from your bag` }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: navyTee.name })).not.toBeInTheDocument(),
    );
    expect(bag.calls).toEqual([`DELETE /api/cart/items/${navyTee._id}/L`]);
  });

  describe('swipe left to remove (001 §4, §9: more than 60 px, drag limit 80 px)', () => {
    it('keeps a line swiped 59 px: it springs back', async () => {
      const { bag } = openBag(twoLines);
      const tee = await findLine(navyTee.name);
      swipeLeft(tee, 59);
      expect(tee.style.transform).toBe('');
      // Give a removal every chance to be sent.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(bag.calls).toEqual([]);
      expect(line(navyTee.name)).toBeInTheDocument();
    });

    it('keeps a line swiped exactly 60 px', async () => {
      const { bag } = openBag(twoLines);
      const tee = await findLine(navyTee.name);
      swipeLeft(tee, 60);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(bag.calls).toEqual([]);
    });

    it('removes a line swiped 61 px', async () => {
      const { bag } = openBag(twoLines);
      const tee = await findLine(navyTee.name);
      swipeLeft(tee, 61);
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: navyTee.name })).not.toBeInTheDocument(),
      );
      expect(bag.calls).toEqual([`DELETE /api/cart/items/${navyTee._id}/L`]);
      expect(line(linenShirt.name)).toBeInTheDocument();
    });

    it('follows the finger left, at most 80 px, and never right', async () => {
      openBag(twoLines);
      const tee = await findLine(navyTee.name);
      fireEvent.pointerDown(tee, { pointerId: 1, clientX: 300, clientY: 200 });
      fireEvent.pointerMove(tee, { pointerId: 1, clientX: 270, clientY: 200 });
      expect(tee.style.transform).toBe('translateX(-30px)');
      fireEvent.pointerMove(tee, { pointerId: 1, clientX: 150, clientY: 200 });
      expect(tee.style.transform).toBe(`translateX(-${BAG_DRAG_LIMIT_PX}px)`);
      fireEvent.pointerMove(tee, { pointerId: 1, clientX: 360, clientY: 200 });
      expect(tee.style.transform).toBe('');
      fireEvent.pointerUp(tee, { pointerId: 1, clientX: 360, clientY: 200 });
    });

    it('leaves a mostly vertical gesture to the scroll', async () => {
      const { bag } = openBag(twoLines);
      const tee = await findLine(navyTee.name);
      fireEvent.pointerDown(tee, { pointerId: 1, clientX: 300, clientY: 200 });
      fireEvent.pointerMove(tee, { pointerId: 1, clientX: 290, clientY: 240 });
      fireEvent.pointerMove(tee, { pointerId: 1, clientX: 200, clientY: 260 });
      fireEvent.pointerUp(tee, { pointerId: 1, clientX: 200, clientY: 260 });
      expect(tee.style.transform).toBe('');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(bag.calls).toEqual([]);
    });

    it('slides a swiped line back when the removal fails', async () => {
      openBag(twoLines);
      server.use(
        http.delete('*/api/cart/items/:productId/:size', () =>
          HttpResponse.json({ error: 'Something broke.', code: 'INTERNAL' }, { status: 500 }),
        ),
      );
      const tee = await findLine(navyTee.name);
      swipeLeft(tee, 70);
      expect(tee.style.transform).toBe(`translateX(-${BAG_DRAG_LIMIT_PX}px)`);
      expect(await screen.findByRole('alert')).toHaveTextContent('Something broke.');
      await waitFor(() => expect(line(navyTee.name).style.transform).toBe(''));
    });
  });

  describe('Clear All', () => {
    it('asks first, and Cancel keeps the bag', async () => {
      const user = userEvent.setup();
      const { bag } = openBag(twoLines);
      await findLine(navyTee.name);
      await user.click(screen.getByRole('button', { name: 'Clear All' }));
      const dialog = screen.getByRole('dialog', { name: BAG_TEXTS.clearTitle });
      expect(dialog).toHaveAccessibleDescription(BAG_TEXTS.clearMessage);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(bag.calls).toEqual([]);
      expect(line(navyTee.name)).toBeInTheDocument();
    });

    it('empties the bag once confirmed', async () => {
      const user = userEvent.setup();
      const { bag } = openBag(twoLines);
      await findLine(navyTee.name);
      await user.click(screen.getByRole('button', { name: 'Clear All' }));
      const dialog = screen.getByRole('dialog', { name: BAG_TEXTS.clearTitle });
      await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
      expect(await screen.findByRole('heading', { name: BAG_TEXTS.emptyTitle })).toBeVisible();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(bag.calls).toEqual(['DELETE /api/cart']);
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(within(nav).getByRole('link', { name: 'Bag' })).toHaveTextContent(/^Bag$/);
    });

    it('closes on Escape', async () => {
      const user = userEvent.setup();
      openBag(twoLines);
      await findLine(navyTee.name);
      await user.click(screen.getByRole('button', { name: 'Clear All' }));
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('goes to checkout with the lines, the total and directBuy false', async () => {
    const user = userEvent.setup();
    const { router } = openBag(twoLines);
    await findLine(navyTee.name);
    await user.click(screen.getByRole('button', { name: BAG_TEXTS.checkout }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const state = router.state.location.state as BagCheckoutState;
    expect(state.directBuy).toBe(false);
    expect(state.total).toEqual({ $numberDecimal: '4077.40' });
    expect(state.bagItems.map((item) => [item.product._id, item.size, item.quantity])).toEqual([
      [navyTee._id, 'L', 2],
      [linenShirt._id, 'M', 1],
    ]);
  });
});
