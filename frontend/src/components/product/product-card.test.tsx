import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { cargoPants, navyTee, plainShirt } from '@/testing/mocks/fixtures';
import { renderWithProviders, screen, within } from '@/testing/test-utils';
import type { Product } from '@/lib/product';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import { ProductCard } from './product-card';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

const cappedCoupon: Product = {
  _id: 'p-coupon',
  name: 'Black Zip Hoodie',
  price: { $numberDecimal: '2499.00' },
  images: ['/api/media/art/hoodie/black/front.svg'],
  brand: { _id: 'b3', name: 'North Loop', logo_url: null },
  assigned_coupon: {
    coupon_code: 'HOOD30',
    discount_type: 'percentage',
    discount_value: 30,
    max_discount_amount: { $numberDecimal: '500.00' },
    is_currently_valid: true,
  },
};

describe('ProductCard (000 §4 price display)', () => {
  it('shows an offer as final price, struck original and % OFF, linking to the product', () => {
    renderWithProviders(<ProductCard product={navyTee} />);
    const card = screen.getByRole('article', { name: navyTee.name });
    expect(within(card).getByRole('link')).toHaveAttribute('href', `/product/${navyTee._id}`);
    expect(within(card).getByText('Urban Dhaaga')).toBeInTheDocument();
    expect(within(card).getByText('₹1,039.20')).toBeInTheDocument();
    expect(within(card).getByText('₹1,299', { exact: false }).tagName).toBe('S');
    expect(within(card).getByText('20% OFF')).toBeInTheDocument();
    const image = within(card).getByRole('img', { name: navyTee.name });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('src', navyTee.images[0]);
  });

  it('applies a valid percentage coupon up to its cap', () => {
    renderWithProviders(<ProductCard product={cappedCoupon} />);
    // 30 % of ₹2,499 is ₹749.70, capped at ₹500.
    expect(screen.getByText('₹1,999')).toBeInTheDocument();
    expect(screen.getByText('₹2,499', { exact: false }).tagName).toBe('S');
    expect(screen.getByText('20% OFF')).toBeInTheDocument();
  });

  it('applies a fixed coupon with lakh grouping', () => {
    renderWithProviders(<ProductCard product={cargoPants} />);
    expect(screen.getByText('₹1,24,799')).toBeInTheDocument();
    expect(screen.getByText('₹1,24,999', { exact: false }).tagName).toBe('S');
  });

  it('shows the placeholder without an image, and a plain price without discount', () => {
    renderWithProviders(<ProductCard product={plainShirt} />);
    expect(screen.getByRole('img', { name: plainShirt.name }).tagName).toBe('SPAN');
    expect(screen.getByText('₹899')).toBeInTheDocument();
    expect(screen.getByText('Loom & Co')).toBeInTheDocument();
    expect(screen.queryByText(/OFF/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a badge, whole rupees for deals, and can leave the percentage to the badge', () => {
    renderWithProviders(
      <ProductCard product={navyTee} badge="20% OFF" priceStyle="whole" showPercentOff={false} />,
    );
    expect(screen.getByText('₹1,039')).toBeInTheDocument();
    expect(screen.getAllByText('20% OFF')).toHaveLength(1);
  });

  it('puts the heart and the action beside the link, not inside it', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ProductCard
          product={navyTee}
          badge="SPECIAL"
          wishlist
          action={<button type="button">Add to cart</button>}
        >
          <span>4.2</span>
        </ProductCard>
        <SignInPrompt />
      </>,
    );
    const link = screen.getByRole('link');
    expect(within(link).getByText('SPECIAL')).toBeInTheDocument();
    expect(within(link).getByText('4.2')).toBeInTheDocument();
    const heart = screen.getByRole('button', { name: 'Add to wishlist' });
    const action = screen.getByRole('button', { name: 'Add to cart' });
    expect(link).not.toContainElement(heart);
    expect(link).not.toContainElement(action);

    await user.click(heart);
    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
  });
});

describe('ProductGrid', () => {
  it('renders one card per product with per-product options', () => {
    renderWithProviders(
      <ProductGrid
        label="Special offers"
        products={[navyTee, plainShirt]}
        cardOptions={(product) => ({ badge: product === navyTee ? 'OFFER' : undefined })}
      />,
    );
    const grid = screen.getByRole('list', { name: 'Special offers' });
    const cards = within(grid).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('OFFER')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('OFFER')).not.toBeInTheDocument();
  });

  it('shows 8 skeleton cards by default while loading (000 §9)', () => {
    renderWithProviders(<ProductGridSkeleton />);
    const grid = screen.getByRole('list', { name: 'Loading products' });
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(within(grid).getAllByRole('listitem')).toHaveLength(8);
  });
});
