import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { curatedListKeys } from '@/api/curated-list';
import { useSessionActions } from '@/stores/session';
import { server } from '@/testing/mocks/server';
import { feedCatalogue, feedProduct, swipeApi } from '@/testing/mocks/swipe-handlers';
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
import { SWIPE_SIGN_IN_REASON } from '@/features/swipe/hooks/use-swipe-actions';
import { TUTORIAL_SEEN_KEY } from '@/features/swipe/utils/tutorial-seen';
import { END_HINT_SIGNED_IN, END_TITLE } from '../swipe-deck';
import { CARD_BUY_LABELS } from '../card-buy-bar';
import { SELECT_SIZE_TEXT } from '@/components/product/size-sheet';
import { BUY_NOW_SIGN_IN_REASON, type DirectBuyState } from '@/hooks/use-buy-now';
import { bagState } from '@/testing/mocks/bag-handlers';

function signIn() {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser()));
}

/** The card on top of the stack: the one article the stack does not hide. */
function topCard() {
  const stack = screen.getByRole('region', { name: 'Product cards' });
  return within(stack).getByRole('article');
}

async function findTopCard(name: string) {
  return screen.findByRole('article', { name });
}

const button = (name: string) => screen.getByRole('button', { name });

/** Runs fake timers, letting React, the queries and the mock server catch up. */
async function tick(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  // The tutorial opens by itself on a first visit; only its own tests want it.
  window.localStorage.setItem(TUTORIAL_SEEN_KEY, 'true');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('swipe screen: visitors (001 §4, §6)', () => {
  it('opens the login sheet instead of swiping, and sends nothing', async () => {
    const api = swipeApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderApp('/');
    await findTopCard('Feed Product 1');

    await user.click(button('Like'));
    const sheet = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(sheet).toHaveAccessibleDescription(SWIPE_SIGN_IN_REASON);
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));

    await user.click(button('Skip'));
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
    expect(topCard()).toHaveAccessibleName('Feed Product 1');
    expect(api.tracked).toEqual([]);
    expect(button('Undo last swipe')).toBeDisabled();
  });

  it('springs a dragged card back and opens the login sheet', async () => {
    const api = swipeApi();
    server.use(...api.handlers);
    renderApp('/swipe');
    const card = await findTopCard('Feed Product 1');

    fireEvent.pointerDown(card, { pointerId: 1, clientX: 100, clientY: 300 });
    fireEvent.pointerMove(card, { pointerId: 1, clientX: 300, clientY: 310 });
    fireEvent.pointerUp(card, { pointerId: 1, clientX: 300, clientY: 310 });

    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
    expect(topCard()).toHaveAccessibleName('Feed Product 1');
    expect(api.tracked).toEqual([]);
  });
});

describe('swipe screen: signed in (001 §4, 000 §7)', () => {
  it('sends a like and a skip with the session id and the device', async () => {
    signIn();
    const api = swipeApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    const { queryClient } = renderApp('/');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await findTopCard('Feed Product 1');

    await user.click(button('Like'));
    expect(await findTopCard('Feed Product 2')).toBeInTheDocument();
    await user.click(button('Skip'));
    expect(await findTopCard('Feed Product 3')).toBeInTheDocument();

    await waitFor(() => expect(api.tracked).toHaveLength(2));
    const device = {
      userAgent: navigator.userAgent,
      screen: { width: window.screen.width, height: window.screen.height },
    };
    const sessionId: unknown = expect.stringMatching(/^[0-9a-z]+-[0-9a-f]{16}$/);
    expect(api.tracked).toEqual([
      { productId: 'feed-001', action: 'like', sessionId, deviceInfo: device },
      { productId: 'feed-002', action: 'dislike', sessionId, deviceInfo: device },
    ]);
    // One browsing session for the whole page load.
    expect(api.tracked[1]!.sessionId).toBe(api.tracked[0]!.sessionId);
    // The like went into the curated list on the server: its query is read again.
    await waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith({ queryKey: curatedListKeys.all }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('swipes the focused stack with the arrow keys and announces the next card', async () => {
    signIn();
    const api = swipeApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderApp('/');
    await findTopCard('Feed Product 1');
    const stack = screen.getByRole('region', { name: 'Product cards' });
    expect(stack).toHaveAttribute('aria-keyshortcuts', 'ArrowLeft ArrowRight');

    stack.focus();
    await user.keyboard('{ArrowRight}');
    expect(await findTopCard('Feed Product 2')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Next: Feed Product 2');
    await user.keyboard('{ArrowLeft}');
    expect(await findTopCard('Feed Product 3')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Next: Feed Product 3');
    // Other keys, and arrows with a modifier, leave the stack alone.
    await user.keyboard('{ArrowUp}{Shift>}{ArrowRight}{/Shift}');
    expect(topCard()).toHaveAccessibleName('Feed Product 3');

    await waitFor(() => expect(api.tracked).toHaveLength(2));
    expect(api.tracked.map(({ productId, action }) => [productId, action])).toEqual([
      ['feed-001', 'like'],
      ['feed-002', 'dislike'],
    ]);
  });

  it('flings a swiped card off, and with reduced motion takes it away at once', async () => {
    signIn();
    const api = swipeApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderApp('/');
    await findTopCard('Feed Product 1');
    const stack = screen.getByRole('region', { name: 'Product cards' });
    // The flying copy is the one div the stack hides from everyone.
    const flying = () => stack.querySelectorAll('div[inert]');

    await user.click(button('Like'));
    await findTopCard('Feed Product 2');
    expect(flying()).toHaveLength(1);

    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    try {
      await waitFor(() => expect(flying()).toHaveLength(0));
      await user.click(button('Skip'));
      await findTopCard('Feed Product 3');
      expect(flying()).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('commits a drag past 120 px and springs back from one that stops short', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    signIn();
    const api = swipeApi();
    server.use(...api.handlers);
    renderApp('/');
    let card = await findTopCard('Feed Product 1');

    // 60 px, held still for 200 ms before letting go: no offset nor speed to count.
    fireEvent.pointerDown(card, { pointerId: 1, clientX: 200, clientY: 300 });
    vi.advanceTimersByTime(100);
    fireEvent.pointerMove(card, { pointerId: 1, clientX: 260, clientY: 300 });
    vi.advanceTimersByTime(200);
    fireEvent.pointerUp(card, { pointerId: 1, clientX: 260, clientY: 300 });
    expect(topCard()).toHaveAccessibleName('Feed Product 1');
    expect(topCard().style.getPropertyValue('--like')).toBe('0');

    // 150 px to the left, slowly: past the offset, so it goes the way it was dragged.
    card = topCard();
    fireEvent.pointerDown(card, { pointerId: 2, clientX: 200, clientY: 300 });
    vi.advanceTimersByTime(300);
    fireEvent.pointerMove(card, { pointerId: 2, clientX: 50, clientY: 320 });
    vi.advanceTimersByTime(300);
    fireEvent.pointerUp(card, { pointerId: 2, clientX: 50, clientY: 320 });

    expect(await findTopCard('Feed Product 2')).toBeInTheDocument();
    await waitFor(() => expect(api.tracked).toHaveLength(1));
    expect(api.tracked[0]).toMatchObject({ productId: 'feed-001', action: 'dislike' });
  });

  it('commits a short fast fling (more than 80 px at more than 400 px/s)', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    signIn();
    const api = swipeApi();
    server.use(...api.handlers);
    renderApp('/');
    const card = await findTopCard('Feed Product 1');

    // 90 px in 100 ms: 900 px/s.
    fireEvent.pointerDown(card, { pointerId: 1, clientX: 100, clientY: 300 });
    fireEvent.pointerMove(card, { pointerId: 1, clientX: 110, clientY: 300 });
    vi.advanceTimersByTime(100);
    fireEvent.pointerMove(card, { pointerId: 1, clientX: 190, clientY: 300 });
    fireEvent.pointerUp(card, { pointerId: 1, clientX: 190, clientY: 300 });

    await waitFor(() => expect(api.tracked).toHaveLength(1));
    expect(api.tracked[0]).toMatchObject({ productId: 'feed-001', action: 'like' });
  });

  it('opens the product on a tap of the card, not after a drag', async () => {
    signIn();
    server.use(...swipeApi().handlers);
    const { router } = renderApp('/');
    const card = await findTopCard('Feed Product 1');

    fireEvent.pointerDown(card, { pointerId: 1, clientX: 100, clientY: 300 });
    fireEvent.pointerMove(card, { pointerId: 1, clientX: 140, clientY: 300 });
    fireEvent.pointerUp(card, { pointerId: 1, clientX: 140, clientY: 300 });
    fireEvent.click(card);
    expect(router.state.location.pathname).toBe('/');

    fireEvent.pointerDown(card, { pointerId: 2, clientX: 100, clientY: 300 });
    fireEvent.pointerUp(card, { pointerId: 2, clientX: 101, clientY: 300 });
    fireEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/feed-001'));
  });

  it('puts the card back with an error toast when the swipe cannot be saved', async () => {
    signIn();
    // The first matching handler answers.
    server.use(
      http.post('*/api/analytics/track-swipe', () =>
        HttpResponse.json({ error: 'Product not found.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
      ...swipeApi().handlers,
    );
    const user = userEvent.setup();
    renderApp('/');
    await findTopCard('Feed Product 1');

    await user.click(button('Like'));
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
    expect(await findTopCard('Feed Product 1')).toBeInTheDocument();
    expect(button('Undo last swipe')).toBeDisabled();
  });

  it('undoes the last swipe through the API and restores its card on top', async () => {
    signIn();
    const api = swipeApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    const { queryClient } = renderApp('/');
    await findTopCard('Feed Product 1');
    expect(button('Undo last swipe')).toBeDisabled();

    await user.click(button('Like'));
    await findTopCard('Feed Product 2');
    await waitFor(() => expect(button('Undo last swipe')).toBeEnabled());
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await user.click(button('Undo last swipe'));
    expect(await findTopCard('Feed Product 1')).toBeInTheDocument();
    expect(api.undos()).toBe(1);
    // The undone like took the product out of the curated list again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: curatedListKeys.all });
    expect(button('Undo last swipe')).toBeDisabled();
  });

  it('says so when the server has nothing to undo', async () => {
    signIn();
    server.use(
      http.delete('*/api/analytics/swipes/last', () =>
        HttpResponse.json(
          { error: 'There is no swipe to undo.', code: 'NOT_FOUND' },
          { status: 404 },
        ),
      ),
      ...swipeApi().handlers,
    );
    const user = userEvent.setup();
    renderApp('/');
    await findTopCard('Feed Product 1');
    await user.click(button('Skip'));
    await waitFor(() => expect(button('Undo last swipe')).toBeEnabled());

    await user.click(button('Undo last swipe'));
    expect(await screen.findByText('There is no swipe to undo.')).toBeInTheDocument();
    expect(topCard()).toHaveAccessibleName('Feed Product 2');
    expect(button('Undo last swipe')).toBeDisabled();
  });
});

describe('buying from a swipe card (001 §1, §6)', () => {
  const cardButton = async (label: string) =>
    within(await findTopCard('Feed Product 1')).findByRole('button', {
      name: `${label}: Feed Product 1`,
    });

  it('asks a visitor to sign in, as the product page does', async () => {
    server.use(...swipeApi().handlers);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await cardButton(CARD_BUY_LABELS.buy));
    const sheet = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(sheet).toHaveAccessibleDescription(BUY_NOW_SIGN_IN_REASON);
  });

  it("Buy Now says 'Please select a size' without one, then goes to checkout with the size", async () => {
    signIn();
    const bag = bagState([], feedCatalogue);
    server.use(...swipeApi().handlers, ...bag.handlers);
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await cardButton(CARD_BUY_LABELS.buy));
    const sheet = await screen.findByRole('dialog', { name: 'Feed Product 1' });
    await user.click(within(sheet).getByRole('button', { name: 'BUY NOW' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent(SELECT_SIZE_TEXT);

    await user.click(within(sheet).getByRole('radio', { name: 'L' }));
    await user.click(within(sheet).getByRole('button', { name: 'BUY NOW' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(bag.calls).toEqual([
      `POST /api/cart/items ${JSON.stringify({ productId: 'feed-001', size: 'L', quantity: 1 })}`,
    ]);
    expect((router.state.location.state as DirectBuyState).product.selectedSize).toBe('L');
  });

  it('Add to Bag adds the chosen size and leaves the card where it is', async () => {
    signIn();
    const bag = bagState([], feedCatalogue);
    const api = swipeApi();
    server.use(...api.handlers, ...bag.handlers);
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await cardButton(CARD_BUY_LABELS.add));
    const sheet = await screen.findByRole('dialog', { name: 'Feed Product 1' });
    await user.click(within(sheet).getByRole('radio', { name: 'S' }));
    await user.click(within(sheet).getByRole('button', { name: 'ADD TO BAG' }));
    expect(await screen.findByText('Added to bag')).toBeInTheDocument();
    expect(bag.calls).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
    expect(topCard()).toHaveAccessibleName('Feed Product 1');
    expect(api.tracked).toEqual([]);
  });

  it('a press on the buttons starts no drag and opens no product', async () => {
    signIn();
    const api = swipeApi();
    server.use(...api.handlers);
    const { router } = renderApp('/');
    const add = await cardButton(CARD_BUY_LABELS.add);
    fireEvent.pointerDown(add, { pointerId: 1, clientX: 100, clientY: 300 });
    fireEvent.pointerMove(add, { pointerId: 1, clientX: 300, clientY: 300 });
    fireEvent.pointerUp(add, { pointerId: 1, clientX: 300, clientY: 300 });
    fireEvent.click(add);
    expect(await screen.findByRole('dialog', { name: 'Feed Product 1' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(topCard().style.transform).toBe('');
    expect(api.tracked).toEqual([]);
  });
});

describe('swipe screen: the feed (001 §4, §9)', () => {
  it('asks for the next batch once, 500 ms after 3 cards remain', async () => {
    vi.useFakeTimers();
    signIn();
    const api = swipeApi();
    server.use(...api.handlers);
    renderApp('/');
    await tick(0);
    await vi.waitFor(() => expect(topCard()).toHaveAccessibleName('Feed Product 1'));
    expect(api.feedRequests).toHaveLength(1);
    expect(api.feedRequests[0]!.get('limit')).toBe('8');
    expect(api.feedRequests[0]!.has('exclude')).toBe(false);

    // Five skips leave 3 of the 8; the last two come quickly, so the wait starts again.
    for (let i = 0; i < 4; i++) {
      fireEvent.click(button('Skip'));
      await tick(600);
    }
    expect(api.feedRequests).toHaveLength(1);
    fireEvent.click(button('Skip'));
    await tick(300);
    fireEvent.click(button('Skip'));
    await tick(499);
    expect(api.feedRequests).toHaveLength(1);
    await tick(1);
    expect(api.feedRequests).toHaveLength(2);
    // It leaves out every card the client held or swiped: the whole first batch.
    expect(api.feedRequests[1]!.get('exclude')?.split(',')).toEqual(
      feedCatalogue.slice(0, 8).map((product) => product._id),
    );

    await tick(5000);
    expect(api.feedRequests).toHaveLength(2);
    expect(topCard()).toHaveAccessibleName('Feed Product 7');
  });

  it('sends the chosen filters with the feed query, and Clear takes them off', async () => {
    const api = swipeApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderApp('/');
    await findTopCard('Feed Product 1');

    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(await within(sheet).findByRole('button', { name: 'Navy' }));
    await user.click(await within(sheet).findByRole('button', { name: 'Urban Dhaaga' }));
    await user.click(await within(sheet).findByRole('button', { name: 'Topwear' }));
    // A subcategory is no choice: only top-level categories are offered.
    expect(within(sheet).queryByRole('button', { name: 'Oversized T-shirt' })).toBeNull();
    await user.click(within(sheet).getByRole('button', { name: 'Women' }));
    await user.click(within(sheet).getByRole('button', { name: 'M' }));
    expect(within(sheet).getByRole('button', { name: 'Women' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }));

    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.feedRequests.length).toBeGreaterThan(1));
    const filtered = api.feedRequests.at(-1)!;
    expect(Object.fromEntries(filtered)).toEqual({
      limit: '8',
      colors: 'navy',
      brands: 'b1',
      categories: 'c1',
      gender: 'female',
      sizes: 'M',
    });
    expect(screen.getByRole('button', { name: 'Filters 5 on' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const again = await screen.findByRole('dialog', { name: 'Filters' });
    expect(await within(again).findByRole('button', { name: 'Navy' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const asked = api.feedRequests.length;
    await user.click(within(again).getByRole('button', { name: 'Clear' }));
    await user.click(within(again).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.feedRequests.length).toBeGreaterThan(asked));
    expect(Object.fromEntries(api.feedRequests.at(-1)!)).toEqual({ limit: '8' });
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it("ends with 'You've discovered everything!'; Start Over asks afresh", async () => {
    signIn();
    const api = swipeApi([feedProduct(1), feedProduct(2)]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderApp('/');
    await findTopCard('Feed Product 1');
    await user.click(button('Skip'));
    await findTopCard('Feed Product 2');
    await user.click(button('Skip'));

    const end = await screen.findByRole('heading', { name: END_TITLE });
    expect(end.parentElement).toHaveTextContent(END_HINT_SIGNED_IN);
    expect(button('Like')).toBeDisabled();
    const asked = api.feedRequests.length;

    await user.click(button('Start Over'));
    await waitFor(() => expect(api.feedRequests.length).toBeGreaterThan(asked));
    // The client's exclude list is gone; the server still leaves out what was swiped.
    expect(api.feedRequests[asked]!.has('exclude')).toBe(false);
    expect(await screen.findByRole('heading', { name: END_TITLE })).toBeInTheDocument();
  });

  it('shows a failed load with Try Again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/products/feed', () =>
        fail
          ? HttpResponse.json({ error: 'The feed is resting.', code: 'UNAVAILABLE' }, { status: 503 })
          : HttpResponse.json([feedProduct(1)]),
      ),
    );
    const user = userEvent.setup();
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The feed is resting.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await findTopCard('Feed Product 1')).toBeInTheDocument();
  });
});

describe('swipe tutorial (001 §4, 000 §3)', () => {
  it('opens by itself 1 s into the first visit, steps every 2 s and closes', async () => {
    window.localStorage.removeItem(TUTORIAL_SEEN_KEY);
    vi.useFakeTimers();
    renderApp('/');
    await tick(0);
    await vi.waitFor(() => expect(topCard()).toBeInTheDocument());

    await tick(900);
    expect(screen.queryByRole('dialog', { name: 'How to swipe' })).not.toBeInTheDocument();
    await tick(100);
    const tutorial = screen.getByRole('dialog', { name: 'How to swipe' });
    expect(tutorial).toHaveTextContent('Swipe right to like');
    expect(tutorial).toHaveTextContent('Step 1 of 2');
    expect(window.localStorage.getItem(TUTORIAL_SEEN_KEY)).toBe('true');

    await tick(2000);
    expect(tutorial).toHaveTextContent('Swipe left to skip');
    expect(tutorial).toHaveTextContent('Step 2 of 2');
    await tick(1999);
    expect(tutorial).toBeInTheDocument();
    await tick(1);
    expect(screen.queryByRole('dialog', { name: 'How to swipe' })).not.toBeInTheDocument();
  });

  it('counts its second from when the start-up splash lets the screen be seen', async () => {
    window.localStorage.removeItem(TUTORIAL_SEEN_KEY);
    vi.useFakeTimers();
    // The splash keeps the app inert underneath it.
    document.body.setAttribute('inert', '');
    renderApp('/');
    await tick(0);
    await vi.waitFor(() => expect(topCard()).toBeInTheDocument());
    await tick(2500);
    expect(screen.queryByRole('dialog', { name: 'How to swipe' })).not.toBeInTheDocument();

    document.body.removeAttribute('inert');
    await tick(999);
    expect(screen.queryByRole('dialog', { name: 'How to swipe' })).not.toBeInTheDocument();
    await tick(1);
    expect(screen.getByRole('dialog', { name: 'How to swipe' })).toBeInTheDocument();
  });

  it('stays shut once seen, and opens from its button', async () => {
    vi.useFakeTimers();
    renderApp('/');
    await tick(0);
    await vi.waitFor(() => expect(topCard()).toBeInTheDocument());
    await tick(3000);
    expect(screen.queryByRole('dialog', { name: 'How to swipe' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'How to swipe' }));
    const tutorial = screen.getByRole('dialog', { name: 'How to swipe' });
    expect(tutorial).toHaveTextContent('Swipe right to like');
    fireEvent.click(within(tutorial).getByRole('button', { name: 'Close tutorial' }));
    expect(screen.queryByRole('dialog', { name: 'How to swipe' })).not.toBeInTheDocument();
  });
});

describe('policy tabs (001 §2, §9)', () => {
  it('shows the return policy, then the shipping policy', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const returns = await screen.findByRole('tab', { name: 'Return Policy' });
    expect(returns).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('within 30 days');
    expect(panel).toHaveTextContent('5-7 business days');

    await user.click(screen.getByRole('tab', { name: 'Shipping Policy' }));
    const shipping = screen.getByRole('tabpanel');
    // The lead time and threshold checkout shows, not the specification's 3-7 days and ₹999.
    expect(shipping).toHaveTextContent('Standard delivery arrives in 5 days.');
    expect(shipping).toHaveTextContent('within India only');
    expect(shipping).toHaveTextContent('Free delivery on orders above ₹1,500.');
  });
});
