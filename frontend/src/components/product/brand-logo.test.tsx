import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { brandInitials } from '@/lib/product';
import { BrandLogo } from './brand-logo';

describe('BrandLogo (000 §2.6)', () => {
  it('shows the logo when there is one', () => {
    const logo = '/api/media/logo/UD/navy.svg';
    const { container } = render(<BrandLogo name="Urban Dhaaga" logoUrl={logo} />);
    expect(screen.getByRole('img', { name: 'Urban Dhaaga' })).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', logo);
    expect(screen.queryByText('UD')).not.toBeInTheDocument();
  });

  it('shows the initials of the first two words without a logo', () => {
    render(<BrandLogo name="Kaapi Studio Mumbai" logoUrl={null} />);
    expect(screen.getByRole('img', { name: 'Kaapi Studio Mumbai' })).toHaveTextContent('KS');
  });

  it('falls back to the initials when the logo fails to load', () => {
    const { container } = render(<BrandLogo name="Urban Dhaaga" logoUrl="/broken.svg" />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByRole('img', { name: 'Urban Dhaaga' })).toHaveTextContent('UD');
  });

  it('can be hidden from screen readers when the name is written beside it', () => {
    render(<BrandLogo name="Urban Dhaaga" decorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it.each([
    ['Urban Dhaaga', 'UD'],
    ['loom & co', 'LC'],
    ['  Kaapi  ', 'K'],
    ['', ''],
  ])('initials of %j are %j', (name, initials) => {
    expect(brandInitials(name)).toBe(initials);
  });
});
