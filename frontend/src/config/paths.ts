// Every route of the app (000 §2.1) in one place: components link with getHref(), the router
// registers `path`. No URL strings anywhere else.

const withQuery = (path: string, query?: Record<string, string | number | undefined>): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** The brand console's section: every address under it is the brand console's (console-paths.ts). */
export const BRAND_CONSOLE_PATH = '/brand';
/** The admin console's section (console-paths.ts). */
export const ADMIN_CONSOLE_PATH = '/admin';

export const paths = {
  root: { path: '/', getHref: () => '/' },
  swipe: { path: '/swipe', getHref: () => '/swipe' },
  home: { path: '/home', getHref: () => '/home' },
  collection: {
    path: '/collection',
    getHref: (query?: { gender?: string; category?: string; style?: string }) =>
      withQuery('/collection', query),
  },
  trends: { path: '/trends', getHref: () => '/trends' },
  bag: { path: '/bag', getHref: () => '/bag' },
  brands: { path: '/brands', getHref: () => '/brands' },
  brand: {
    path: '/brands/:brandId',
    getHref: (brandId: string) => `/brands/${encodeURIComponent(brandId)}`,
  },
  offers: {
    path: '/offers',
    getHref: (query?: { offer?: string; gender?: string }) => withQuery('/offers', query),
  },
  deals: {
    path: '/deals',
    getHref: (query?: { discount?: number; gender?: string }) => withQuery('/deals', query),
  },
  specialOffers: {
    path: '/special-offers',
    getHref: (query?: { gender?: string; minPrice?: number; maxPrice?: number }) =>
      withQuery('/special-offers', query),
  },
  productsByCategory: {
    path: '/products/:categoryId',
    getHref: (categoryId: string, query?: { name?: string }) =>
      withQuery(`/products/${encodeURIComponent(categoryId)}`, query),
  },
  products: {
    path: '/products',
    getHref: (query?: { brand?: string; gender?: string }) => withQuery('/products', query),
  },
  product: {
    path: '/product/:id',
    getHref: (id: string) => `/product/${encodeURIComponent(id)}`,
  },
  curatedList: { path: '/curatedList', getHref: () => '/curatedList' },
  profile: { path: '/profile', getHref: () => '/profile' },
  myOrders: { path: '/my-orders', getHref: () => '/my-orders' },
  // Profile's 'My Offers' tile (001 §2 Profile); the route table of 000 §2.1 does not list it.
  myOffers: { path: '/my-offers', getHref: () => '/my-offers' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  manageAccount: { path: '/manage-account', getHref: () => '/manage-account' },
  // Profile's 'Open your brand on Casa' (ours): a shopper's brand application.
  openYourBrand: { path: '/open-your-brand', getHref: () => '/open-your-brand' },
  location: { path: '/location', getHref: () => '/location' },
  search: { path: '/search', getHref: () => '/search' },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  orderSuccess: { path: '/order-success', getHref: () => '/order-success' },
  onboarding: { path: '/onboarding', getHref: () => '/onboarding' },
  styleQuiz: { path: '/style-quiz', getHref: () => '/style-quiz' },
  look: {
    path: '/look/:lookId',
    getHref: (lookId: string) => `/look/${encodeURIComponent(lookId)}`,
  },
  chat: { path: '/chat', getHref: () => '/chat' },
  loadingDemo: { path: '/loading-demo', getHref: () => '/loading-demo' },
} as const;

/** Pages drawn without the fixed top header (000 §2.2). */
export const PATHS_WITHOUT_HEADER: readonly string[] = [
  paths.collection.path,
  paths.trends.path,
  paths.bag.path,
];

/** The layout's tab screens (000 §2.1), drawn with the bottom navigation. */
export const TAB_PATHS: readonly string[] = [
  paths.root.path,
  paths.swipe.path,
  paths.home.path,
  paths.collection.path,
  paths.trends.path,
  paths.bag.path,
];
