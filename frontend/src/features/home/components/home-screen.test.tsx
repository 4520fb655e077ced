import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, within } from '@/testing/test-utils';
import { menTopwear, urbanDhaaga } from '@/testing/mocks/fixtures';
import { HomeScreen } from './home-screen';

const failing = () =>
  HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 });

function section(name: string) {
  return screen.getByRole('region', { name });
}

/** Iconic Looks, once its lazily loaded section is in. */
const looksSection = () => screen.findByRole('region', { name: 'Iconic Looks' });

/** The look tiles, without the section header's quiz link. */
const lookLinks = async () =>
  within(within(await looksSection()).getByRole('list')).getAllByRole('link');

describe('home (000 §2.5)', () => {
  // jsdom has no scrollIntoView; the tabs call it to reach the categories.
  const scrollIntoView = vi.fn();
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it("opens on MEN with the first 4 men's categories and the men's looks", async () => {
    renderWithProviders(<HomeScreen />);
    expect(screen.getByRole('tab', { name: 'MEN' })).toHaveAttribute('aria-selected', 'true');

    const categories = await screen.findByRole('list', { name: "Men's categories" });
    const links = within(categories).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Topwear',
      'Bottomwear',
      'Ethnic Wear',
      'Accessories',
    ]);
    expect(links[0]).toHaveAttribute('href', `/products/${menTopwear._id}?name=Topwear`);
    expect(within(section('Categories')).getByRole('link', { name: /View All/ })).toHaveAttribute(
      'href',
      '/collection?gender=male',
    );

    const looks = await lookLinks();
    expect(looks.map((link) => link.getAttribute('href'))).toEqual([
      '/look/streetwear',
      '/look/formal',
      '/look/casual',
    ]);
  });

  it("switches categories and looks with the tabs; unisex shows the women's looks", async () => {
    const user = userEvent.setup();
    renderWithProviders(<HomeScreen />);
    await screen.findByRole('list', { name: "Men's categories" });

    await user.click(screen.getByRole('tab', { name: 'WOMEN' }));
    expect(scrollIntoView.mock.contexts).toEqual([section('Categories')]);
    expect(screen.getByRole('tab', { name: 'WOMEN' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'MEN' })).toHaveAttribute('aria-selected', 'false');
    const women = await screen.findByRole('list', { name: "Women's categories" });
    expect(within(women).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Western Wear',
      'Dresses',
    ]);
    expect(within(section('Categories')).getByRole('link', { name: /View All/ })).toHaveAttribute(
      'href',
      '/collection?gender=female',
    );
    const womenLooks = ['/look/elegant', '/look/casual-women', '/look/party'];
    const looks = async () => (await lookLinks()).map((link) => link.getAttribute('href'));
    expect(await looks()).toEqual(womenLooks);

    await user.click(screen.getByRole('tab', { name: 'UNISEX' }));
    expect(await screen.findByText('No categories found for Unisex section.')).toBeInTheDocument();
    expect(await looks()).toEqual(womenLooks);
  });

  it('shows the three hero banners', async () => {
    renderWithProviders(<HomeScreen />);
    const hero = await screen.findByRole('list', { name: 'Highlights' });
    expect(within(hero).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Flash Sale',
      'New Arrivals',
      'Exclusive',
    ]);
  });

  it('leads to the style quiz from Iconic Looks', async () => {
    renderWithProviders(<HomeScreen />);
    expect(within(await looksSection()).getByRole('link', { name: 'Style Quiz' })).toHaveAttribute(
      'href',
      '/style-quiz',
    );
  });

  it('links Flash Sale to deals at 50, 20, 40 and 30 % and the special collections', () => {
    renderWithProviders(<HomeScreen />);
    const tiles = within(section('Flash Sale')).getAllByRole('link');
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual([
      '/deals?discount=50',
      '/deals?discount=20',
      '/deals?discount=40',
      '/deals?discount=30',
    ]);
    expect(within(tiles[0]!).getByText('50% OFF')).toBeInTheDocument();
    expect(within(tiles[0]!).getByText('HOT')).toBeInTheDocument();

    const special = section('Special Collections');
    expect(within(special).getByRole('link', { name: 'Under ₹2,999' })).toHaveAttribute(
      'href',
      '/special-offers?maxPrice=2999',
    );
    expect(within(special).getByRole('link', { name: 'Starting at ₹799' })).toHaveAttribute(
      'href',
      '/special-offers?minPrice=799',
    );
  });

  it('lists active brands linking to their pages', async () => {
    server.use(
      http.get('*/api/brands', () =>
        HttpResponse.json([
          urbanDhaaga,
          { ...urbanDhaaga, _id: 'gone', name: 'Gone', is_active: false },
        ]),
      ),
    );
    renderWithProviders(<HomeScreen />);
    const brands = await screen.findByRole('list', { name: 'Brands' });
    const links = within(brands).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `/brands/${urbanDhaaga._id}`);
    expect(links[0]).toHaveTextContent('Urban Dhaaga');
  });

  it('degrades failed fetches to empty sections (000 §8)', async () => {
    server.use(
      http.get('*/api/brands', failing),
      http.get('*/api/categories/gender/:gender', failing),
      http.get('*/api/analytics/trending-products', failing),
      http.get('*/api/images/static', failing),
    );
    renderWithProviders(<HomeScreen />);
    expect(await screen.findByText('No brands found.')).toBeInTheDocument();
    expect(await screen.findByText("No categories found for Men's section.")).toBeInTheDocument();
    expect(await screen.findByText('No trending products found.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /highlights/i })).not.toBeInTheDocument();
  });

  it('shows loading placeholders first', () => {
    renderWithProviders(<HomeScreen />);
    for (const name of ['Loading highlights', 'Loading categories', 'Loading brands']) {
      expect(screen.getByRole('list', { name })).toHaveAttribute('aria-busy', 'true');
    }
  });
});
