import type { Product } from '@/lib/product';

// Products in the wire shape of GET /api/products (decimal objects, populated brand).
export const navyTee: Product = {
  _id: '019a0000-0000-7000-8000-000000000001',
  name: 'Navy Relaxed Oversized T-shirt',
  description: 'Heavyweight cotton, dropped shoulders.',
  price: { $numberDecimal: '1299.00' },
  currency: 'INR',
  offerPercentage: 20,
  images: ['/api/media/art/oversized-tshirt/navy/front.svg'],
  brand: { _id: 'b1', name: 'Urban Dhaaga', logo_url: '/api/media/logo/UD/navy.svg' },
  category: [
    { _id: 'c1', name: 'Topwear' },
    { _id: 'c2', name: 'Oversized T-shirt' },
  ],
  sizes: ['S', 'M', 'L'],
  stock: { S: 4, M: 0, L: 12 },
  tags: ['Oversized T-shirt', 'streetwear', 'navy'],
  gender: 'male',
  specifications: { fit: 'Oversized', fabric: 'Cotton' },
  assigned_coupon: null,
  createdAt: '2026-03-01T10:00:00Z',
};

export const cargoPants: Product = {
  _id: '019a0000-0000-7000-8000-000000000002',
  name: 'Olive Parachute Cargo Pants',
  price: { $numberDecimal: '124999.00' },
  currency: 'INR',
  offerPercentage: 0,
  images: ['/api/media/art/cargo/olive/front.svg'],
  brand: { _id: 'b2', name: 'Kaapi Studio', logo_url: null },
  category: [{ _id: 'c3', name: 'Bottomwear' }],
  sizes: ['30', '32'],
  stock: { '30': 2, '32': 5 },
  tags: ['Cargos & Parachutes'],
  gender: 'unisex',
  assigned_coupon: {
    coupon_code: 'FLAT200',
    discount_type: 'fixed',
    discount_value: { $numberDecimal: '200.00' },
    max_discount_amount: null,
    is_currently_valid: true,
  },
  createdAt: '2026-03-02T10:00:00Z',
};

export const plainShirt: Product = {
  _id: '019a0000-0000-7000-8000-000000000003',
  name: 'White Oxford Shirt',
  price: 899,
  images: [],
  brand: 'Loom & Co',
};

export const productFixtures: Product[] = [navyTee, cargoPants, plainShirt];
