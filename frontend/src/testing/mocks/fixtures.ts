import type {
  Brand,
  Category,
  Gender,
  StaticImage,
  StaticImageCategory,
} from '@/api/catalogue-types';
import type { Decimal, Product as ContractProduct } from '@/api/types';
import type { Product, WireDecimal } from '@/lib/product';

// Products in the wire shape of GET /api/products (decimal objects, populated brand).
export const navyTee: ContractProduct = {
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
  colour: '',
  specifications: {
    fit: 'Oversized',
    fabric: 'Cotton',
    pattern: '',
    length: '',
    sleeveLength: '',
    distress: '',
  },
  assigned_coupon: null,
  createdAt: '2026-03-01T10:00:00Z',
};

export const cargoPants: ContractProduct = {
  _id: '019a0000-0000-7000-8000-000000000002',
  name: 'Olive Parachute Cargo Pants',
  description: '',
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
  colour: '',
  specifications: { fit: '', fabric: '', pattern: '', length: '', sleeveLength: '', distress: '' },
  assigned_coupon: {
    coupon_code: 'FLAT200',
    discount_type: 'fixed',
    discount_value: { $numberDecimal: '200.00' },
    max_discount_amount: null,
    is_currently_valid: true,
  },
  createdAt: '2026-03-02T10:00:00Z',
};

/**
 * A product in the looser shape the specification allows and the contract no longer sends (a
 * number price, the brand a bare string, no category): the screens still read it.
 */
export const plainShirt: Product = {
  _id: '019a0000-0000-7000-8000-000000000003',
  name: 'White Oxford Shirt',
  price: 899,
  images: [],
  brand: 'Loom & Co',
};

export const productFixtures: Product[] = [navyTee, cargoPants, plainShirt];

/** A price in the contract's shape, whatever shape the fixture holds. */
export const decimal = (value: WireDecimal): Decimal =>
  typeof value === 'object' ? value : { $numberDecimal: String(value) };

// Brands in the wire shape of GET /api/brands: active ones by name, one without a logo.
export const urbanDhaaga: Brand = {
  _id: 'b1',
  name: 'Urban Dhaaga',
  is_active: true,
  logo_url: '/api/media/logo/UD/navy.svg',
  description: 'Streetwear stitched in Mumbai.',
  gender: 'male',
  productCount: 1,
  created_at: '2025-11-01T00:00:00Z',
};

export const kaapiStudio: Brand = {
  _id: 'b2',
  name: 'Kaapi Studio',
  is_active: true,
  logo_url: null,
  description: 'Easy separates for everyone.',
  gender: 'unisex',
  productCount: 1,
  created_at: '2025-10-01T00:00:00Z',
};

export const zariLane: Brand = {
  _id: 'b4',
  name: 'Zari Lane',
  is_active: true,
  logo_url: '/api/media/logo/ZL/purple.svg',
  description: 'Festive wear with a modern drape.',
  gender: 'female',
  productCount: 0,
  created_at: '2025-09-01T00:00:00Z',
};

export const brandFixtures: Brand[] = [kaapiStudio, urbanDhaaga, zariLane];

// Categories in the order of GET /api/categories/gender/{g}: top-level ones first, then the
// subcategories under their parent.
const category = (
  _id: string,
  name: string,
  gender: Gender,
  parent: Category | null,
  image = '',
): Category => ({
  _id,
  name,
  gender,
  image,
  parentCategory: parent && { _id: parent._id, name: parent.name },
  productCount: 1,
});

export const menTopwear = category(
  'c1',
  'Topwear',
  'male',
  null,
  '/api/media/art/tshirt/navy/front.svg',
);
export const menBottomwear = category('c3', 'Bottomwear', 'male', null);
const menEthnic = category('c5', 'Ethnic Wear', 'male', null);
const menAccessories = category('c6', 'Accessories', 'male', null);
const menFootwear = category('c7', 'Footwear', 'male', null);
export const oversizedTees = category(
  'c2',
  'Oversized T-shirt',
  'male',
  menTopwear,
  '/api/media/art/oversized-tshirt/navy/front.svg',
);
const shirts = category('c8', 'Shirt', 'male', menTopwear);
const cargos = category('c9', 'Cargos & Parachutes', 'male', menBottomwear);
export const womenWestern = category('c10', 'Western Wear', 'female', null);
const dresses = category('c11', 'Dresses', 'female', womenWestern);

export const categoryFixtures: Category[] = [
  menTopwear,
  menBottomwear,
  menEthnic,
  menAccessories,
  menFootwear,
  oversizedTees,
  shirts,
  cargos,
  womenWestern,
  dresses,
];

// Static images of GET /api/admin/static-images: the home hero's three banners and the
// Trends screen's three cards.
const staticImage = (
  _id: string,
  title: string,
  category: StaticImageCategory,
  file: string,
): StaticImage => ({
  _id,
  title,
  category,
  device: 'all',
  url: `/api/media/banner/${file}.svg`,
  isActive: true,
  tags: [],
  srcset: null,
  campaign: null,
  displayPeriod: { startDate: null, endDate: null },
  priority: 0,
  version: 1,
});

export const staticImageFixtures: StaticImage[] = [
  staticImage('img1', 'Flash Sale', 'hero', 'flash-sale'),
  staticImage('img2', 'New Arrivals', 'hero', 'new-arrivals'),
  staticImage('img3', 'Exclusive', 'hero', 'exclusive'),
  staticImage('img4', 'TRENDING NOW', 'trends', 'trending-now'),
  staticImage('img5', 'HOT PICKS', 'trends', 'hot-picks'),
  staticImage('img6', 'VIRAL STYLES', 'trends', 'viral-styles'),
];
