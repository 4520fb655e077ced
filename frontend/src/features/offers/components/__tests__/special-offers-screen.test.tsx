import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Product } from '@/lib/product';
import { ToastViewport } from '@/components/ui/toast-viewport';
import { server } from '@/testing/mocks/server';
import { navyTee, plainShirt } from '@/testing/mocks/fixtures';
import { renderApp, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { SIGN_IN_PROMPT_TITLE } from '@/components/ui/sign-in-prompt';
import { SpecialOffersScreen } from '../special-offers-screen';

const product = (id: string, category: string): Product => ({
  ...navyTee,
  _id: id,
  name: `${category} ${id}`,
  category: [
    { _id: 'top', name: 'Topwear' },
    { _id: `c-${category}`, name: category },
  ],
});

function specialApi(products: Product[]) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/api/products', ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return HttpResponse.json(products);
    }),
  );
  return requests;
}

const renderSpecial = (query = '') =>
  renderWithProviders(
    <>
      <SpecialOffersScreen />
      <ToastViewport />
    </>,
    { url: `/special-offers${query}` },
  );

describe('Special Offers (000 §2.8)', () => {
  it.each([
    ['?maxPrice=2999', 'Under ₹2,999', null, '2999'],
    ['?minPrice=799', 'From ₹799', '799', null],
    ['?minPrice=799&maxPrice=2999', 'From ₹799', '799', null],
    ['', 'Best special offers available', null, null],
    ['?maxPrice=abc', 'Best special offers available', null, null],
  ])('for %j says %j and sends only the bound that applies', async (query, text, min, max) => {
    const requests = specialApi([navyTee]);
    renderSpecial(query);
    expect(screen.getByRole('heading', { level: 1, name: 'Special Offers' })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    await screen.findByRole('article');
    expect(requests[0]!.get('minPrice')).toBe(min);
    expect(requests[0]!.get('maxPrice')).toBe(max);
  });

  it('sends the gender, lowercased', async () => {
    const requests = specialApi([navyTee]);
    renderSpecial('?gender=MAN&maxPrice=2999');
    await screen.findByRole('article');
    expect(requests[0]!.get('gender')).toBe('male');
  });

  it('cards carry SPECIAL, the heart, name, brand, price, struck original, 4.2 and add to cart', async () => {
    const user = userEvent.setup();
    specialApi([navyTee, plainShirt]);
    renderApp('/special-offers');
    const card = await screen.findByRole('article', { name: navyTee.name });
    expect(within(card).getByText('SPECIAL')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();
    expect(within(card).getByText('Urban Dhaaga')).toBeInTheDocument();
    expect(within(card).getByText('₹1,039.20')).toBeInTheDocument();
    expect(within(card).getByText('₹1,299', { exact: false }).tagName).toBe('S');
    expect(within(card).getByLabelText('Rated 4.2 out of 5')).toHaveTextContent('4.2');

    const plain = screen.getByRole('article', { name: plainShirt.name });
    expect(within(plain).getByText('₹899')).toBeInTheDocument();
    expect(plain.querySelector('s')).toBeNull();

    // The add itself (size sheet, bag rules) is the deals' button: deals-screen.test.tsx.
    await user.click(within(card).getByRole('button', { name: /Add to cart/ }));
    expect(await screen.findByRole('dialog', { name: SIGN_IN_PROMPT_TITLE })).toBeInTheDocument();
  });

  it("counts what shows: 'Showing N special offers' plus ' in ' and the chosen categories", async () => {
    const user = userEvent.setup();
    specialApi([
      product('1', 'Hoodies'),
      product('2', 'Jeans'),
      product('3', 'Hoodies'),
      product('4', 'Shirt'),
      product('5', 'Dresses'),
      product('6', 'Tops'),
      product('7', 'Watches'),
    ]);
    renderSpecial();
    expect(await screen.findByText('Showing 7 special offers')).toBeInTheDocument();
    const chips = within(screen.getByRole('group', { name: 'Filter by category' })).getAllByRole(
      'button',
    );
    expect(chips).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Jeans' }));
    await user.click(screen.getByRole('button', { name: 'Hoodies' }));
    expect(screen.getByText('Showing 3 special offers in Hoodies, Jeans')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Hoodies' }));
    expect(screen.getByText('Showing 1 special offers in Jeans')).toBeInTheDocument();
  });

  it('shows a skeleton of 8 cards while loading', () => {
    specialApi([]);
    renderSpecial();
    const skeleton = screen.getByRole('list', { name: 'Loading products' });
    expect(within(skeleton).getAllByRole('listitem')).toHaveLength(8);
  });

  it("says 'No special offers found' when nothing matches", async () => {
    specialApi([]);
    renderSpecial('?maxPrice=2999');
    expect(
      await screen.findByRole('heading', { name: 'No special offers found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'No products match your current criteria. Check back later for amazing special offers!',
      ),
    ).toBeInTheDocument();
  });

  it('empties the list with the error text when loading fails', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get('*/api/products', () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    renderSpecial();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No special offers found' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to load special offers. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('is the /special-offers route with back, search and profile', async () => {
    specialApi([navyTee]);
    renderApp('/special-offers?minPrice=799');
    const shortcuts = await screen.findByRole('navigation', { name: 'Special Offers shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    expect(within(shortcuts).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByText('From ₹799')).toBeInTheDocument();
  });
});
