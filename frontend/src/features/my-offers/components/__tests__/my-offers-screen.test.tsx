import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useSessionActions } from '@/stores/session';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import type { MyOffer } from '@/features/my-offers/api/my-offers-api';
import { MY_OFFERS_TEXTS } from '../my-offers-screen';
import { COPIED_FEEDBACK_MS, OFFER_CARD_TEXTS } from '../offer-card';

function signIn() {
  const actions = renderHook(() => useSessionActions()).result.current;
  act(() => actions.loggedIn(serverUser()));
}

const welcome: MyOffer = {
  _id: 'o1',
  title: 'Welcome to Snitch',
  coupon_code: 'WELCOME10',
  discount_type: 'percentage',
  discount_value: { $numberDecimal: '10' },
  max_discount_amount: { $numberDecimal: '200' },
  min_order_value: { $numberDecimal: '999' },
  is_active: true,
  is_currently_valid: true,
  rules: [
    '10% off, up to ₹200',
    'On orders of ₹999 or more',
    'Only on Snitch',
    'Until 31 Dec 2026',
    'Once per shopper',
  ],
};

const flat: MyOffer = {
  ...welcome,
  _id: 'o2',
  title: 'Flat off on Kaapi Studio',
  coupon_code: 'FLAT150',
  discount_type: 'fixed',
  discount_value: 150,
  max_discount_amount: null,
  rules: ['₹150 off'],
};

/** Answers the offers, counting the reads. */
function withOffers(...offers: MyOffer[]) {
  let reads = 0;
  server.use(
    http.get('*/api/offers/mine', () => {
      reads += 1;
      return HttpResponse.json(offers);
    }),
  );
  return { reads: () => reads };
}

describe('My Offers (/my-offers, 001 §2 Profile)', () => {
  it('asks a signed-out visitor to sign in, and reads nothing', async () => {
    const offers = withOffers(welcome);
    renderApp('/my-offers');
    expect(
      await screen.findByRole('heading', { name: MY_OFFERS_TEXTS.signIn }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/profile');
    expect(offers.reads()).toBe(0);
  });

  it('shows each coupon: headline, title, code and its rules', async () => {
    signIn();
    withOffers(welcome, flat);
    renderApp('/my-offers');
    const first = await screen.findByRole('article', { name: welcome.title });
    expect(within(first).getByText('10% OFF')).toBeInTheDocument();
    expect(within(first).getByRole('heading', { name: welcome.title })).toBeInTheDocument();
    expect(within(first).getByText('WELCOME10')).toBeInTheDocument();
    expect(within(first).getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      welcome.rules,
    );
    const second = screen.getByRole('article', { name: flat.title });
    expect(within(second).getByText('₹150 OFF')).toBeInTheDocument();
  });

  it("copies the code and says 'Copied' for a moment", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      signIn();
      withOffers(welcome);
      renderApp('/my-offers');
      await user.click(await screen.findByRole('button', { name: 'Copy code WELCOME10' }));
      expect(screen.getByRole('button', { name: OFFER_CARD_TEXTS.copied })).toHaveTextContent(
        'Copied',
      );
      expect(await navigator.clipboard.readText()).toBe('WELCOME10');
      act(() => {
        vi.advanceTimersByTime(COPIED_FEEDBACK_MS + 100);
      });
      expect(screen.getByRole('button', { name: 'Copy code WELCOME10' })).toHaveTextContent('Copy');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when the code cannot be copied', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    signIn();
    withOffers(welcome);
    renderApp('/my-offers');
    await user.click(await screen.findByRole('button', { name: 'Copy code WELCOME10' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFER_CARD_TEXTS.copyFailed);
  });

  it('says there are no offers, with a way to shop', async () => {
    signIn();
    withOffers();
    renderApp('/my-offers');
    expect(
      await screen.findByRole('heading', { name: MY_OFFERS_TEXTS.emptyTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MY_OFFERS_TEXTS.browse })).toHaveAttribute('href', '/');
  });

  it("shows a failed load with 'Try Again', which reads again", async () => {
    const user = userEvent.setup();
    signIn();
    let reads = 0;
    server.use(
      http.get('*/api/offers/mine', () => {
        reads += 1;
        return reads === 1
          ? HttpResponse.json({ error: 'Internal error', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json([welcome]);
      }),
    );
    renderApp('/my-offers');
    expect(await screen.findByRole('alert')).toHaveTextContent(MY_OFFERS_TEXTS.loadFailed);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: welcome.title })).toBeInTheDocument();
  });

  it('is opened from the profile, and back goes to the profile', async () => {
    const user = userEvent.setup();
    signIn();
    withOffers(welcome);
    const { router } = renderApp('/profile');
    await user.click(await screen.findByRole('link', { name: 'My Offers' }));
    expect(await screen.findByRole('article', { name: welcome.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
