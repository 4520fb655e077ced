import { Suspense, isValidElement, lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router';
import { ADMIN_CONSOLE_PATH, BRAND_CONSOLE_PATH, paths } from '@/config/paths';
import { RouteFallback } from './routes/route-fallback';
import { RootLayout } from './routes/root-layout';

/** What a screen's module gives the router: the screen, and optionally a head start on its data. */
interface ScreenModule<P> {
  Component: ComponentType<P>;
  /** Starts the screen's first fetches; `preloadRoute` calls it once the code is in. */
  prefetch?: (queryClient: QueryClient) => void;
}

type Preload = (queryClient: QueryClient) => Promise<void>;

/** Each lazy screen's preload, by the component the route table renders. */
const preloads = new Map<unknown, Preload>();

/**
 * A screen whose code loads when it first renders, or earlier through `preloadRoute`. One module
 * per screen under ./routes, so the build's manifest names each screen's chunk.
 */
function lazyScreen<P extends object>(load: () => Promise<ScreenModule<P>>) {
  let loading: Promise<ScreenModule<P>> | undefined;
  const loadOnce = () => (loading ??= load());
  const Screen = lazy(async () => ({ default: (await loadOnce()).Component }));
  preloads.set(Screen, async (queryClient) => {
    (await loadOnce()).prefetch?.(queryClient);
  });
  return Screen;
}

// One screen for the index and /swipe (000 §2.1).
const Swipe = lazyScreen(async () => {
  const { SwipeRoute } = await import('./routes/swipe');
  return { Component: SwipeRoute };
});
const Home = lazyScreen(async () => {
  const { HomeRoute, prefetchHome } = await import('./routes/home');
  return { Component: HomeRoute, prefetch: prefetchHome };
});
const Trends = lazyScreen(async () => {
  const { TrendsRoute, prefetchTrends } = await import('./routes/trends');
  return { Component: TrendsRoute, prefetch: prefetchTrends };
});
const Bag = lazyScreen(async () => {
  const { BagRoute } = await import('./routes/bag');
  return { Component: BagRoute };
});
const Collection = lazyScreen(async () => {
  const { CollectionRoute } = await import('./routes/collection');
  return { Component: CollectionRoute };
});
const Brands = lazyScreen(async () => {
  const { BrandsRoute } = await import('./routes/brands');
  return { Component: BrandsRoute };
});
const Brand = lazyScreen(async () => {
  const { BrandRoute } = await import('./routes/brand');
  return { Component: BrandRoute };
});
const Offers = lazyScreen(async () => {
  const { OffersRoute } = await import('./routes/offers');
  return { Component: OffersRoute };
});
const Deals = lazyScreen(async () => {
  const { DealsRoute } = await import('./routes/deals');
  return { Component: DealsRoute };
});
const SpecialOffers = lazyScreen(async () => {
  const { SpecialOffersRoute } = await import('./routes/special-offers');
  return { Component: SpecialOffersRoute };
});
// One screen for /products/{categoryId} and /products (000 §2.1).
const Products = lazyScreen(async () => {
  const { ProductsRoute } = await import('./routes/products');
  return { Component: ProductsRoute };
});
const Product = lazyScreen(async () => {
  const { ProductRoute } = await import('./routes/product');
  return { Component: ProductRoute };
});
const Search = lazyScreen(async () => {
  const { SearchRoute } = await import('./routes/search');
  return { Component: SearchRoute };
});
const Onboarding = lazyScreen(async () => {
  const { OnboardingRoute } = await import('./routes/onboarding');
  return { Component: OnboardingRoute };
});
const StyleQuiz = lazyScreen(async () => {
  const { StyleQuizRoute } = await import('./routes/style-quiz');
  return { Component: StyleQuizRoute };
});
const Look = lazyScreen(async () => {
  const { LookRoute } = await import('./routes/look');
  return { Component: LookRoute };
});
const CuratedList = lazyScreen(async () => {
  const { CuratedListRoute } = await import('./routes/curated-list');
  return { Component: CuratedListRoute };
});
const Profile = lazyScreen(async () => {
  const { ProfileRoute } = await import('./routes/profile');
  return { Component: ProfileRoute };
});
const MyOrders = lazyScreen(async () => {
  const { MyOrdersRoute } = await import('./routes/my-orders');
  return { Component: MyOrdersRoute };
});
const MyOffers = lazyScreen(async () => {
  const { MyOffersRoute } = await import('./routes/my-offers');
  return { Component: MyOffersRoute };
});
const ManageAccount = lazyScreen(async () => {
  const { ManageAccountRoute } = await import('./routes/manage-account');
  return { Component: ManageAccountRoute };
});
const OpenYourBrand = lazyScreen(async () => {
  const { OpenYourBrandRoute } = await import('./routes/open-your-brand');
  return { Component: OpenYourBrandRoute };
});
const Location = lazyScreen(async () => {
  const { LocationRoute } = await import('./routes/location');
  return { Component: LocationRoute };
});
const Privacy = lazyScreen(async () => {
  const { PrivacyRoute } = await import('./routes/privacy');
  return { Component: PrivacyRoute };
});
const Chat = lazyScreen(async () => {
  const { ChatRoute } = await import('./routes/chat');
  return { Component: ChatRoute };
});
const Checkout = lazyScreen(async () => {
  const { CheckoutRoute } = await import('./routes/checkout');
  return { Component: CheckoutRoute };
});
const OrderSuccess = lazyScreen(async () => {
  const { OrderSuccessRoute } = await import('./routes/order-success');
  return { Component: OrderSuccessRoute };
});
const LoadingDemo = lazyScreen(async () => {
  const { LoadingDemoRoute } = await import('./routes/loading-demo');
  return { Component: LoadingDemoRoute };
});
const Consoles = lazyScreen(async () => {
  const { ConsolesRoute } = await import('./routes/consoles');
  return { Component: ConsolesRoute };
});
const NotFound = lazyScreen(async () => {
  const { NotFoundRoute } = await import('./routes/not-found');
  return { Component: NotFoundRoute };
});

/**
 * The whole route table of the app (000 §2.1). Every screen renders inside the layout, which
 * shows a spinner while a screen's code loads and an error in the shell when one fails.
 */
const appRoutes = (
  <Route path={paths.root.path} element={<RootLayout />}>
    {/* The layout's tab screens, with the bottom navigation (TAB_PATHS). */}
    <Route index element={<Swipe />} />
    <Route path={paths.swipe.path} element={<Swipe />} />
    <Route path={paths.home.path} element={<Home />} />
    <Route path={paths.collection.path} element={<Collection />} />
    <Route path={paths.trends.path} element={<Trends />} />
    <Route path={paths.bag.path} element={<Bag />} />

    <Route path={paths.brands.path} element={<Brands />} />
    <Route path={paths.brand.path} element={<Brand />} />
    <Route path={paths.offers.path} element={<Offers />} />
    <Route path={paths.deals.path} element={<Deals />} />
    <Route path={paths.specialOffers.path} element={<SpecialOffers />} />
    <Route path={paths.productsByCategory.path} element={<Products />} />
    <Route path={paths.products.path} element={<Products />} />
    <Route path={paths.product.path} element={<Product />} />
    <Route path={paths.curatedList.path} element={<CuratedList />} />
    <Route path={paths.profile.path} element={<Profile />} />
    <Route path={paths.myOrders.path} element={<MyOrders />} />
    <Route path={paths.myOffers.path} element={<MyOffers />} />
    <Route path={paths.privacy.path} element={<Privacy />} />
    <Route path={paths.manageAccount.path} element={<ManageAccount />} />
    <Route path={paths.openYourBrand.path} element={<OpenYourBrand />} />
    <Route path={paths.location.path} element={<Location />} />
    <Route path={paths.search.path} element={<Search />} />
    <Route path={paths.checkout.path} element={<Checkout />} />
    <Route path={paths.orderSuccess.path} element={<OrderSuccess />} />
    <Route path={paths.onboarding.path} element={<Onboarding />} />
    <Route path={paths.styleQuiz.path} element={<StyleQuiz />} />
    <Route path={paths.look.path} element={<Look />} />
    <Route path={paths.chat.path} element={<Chat />} />
    <Route path={paths.loadingDemo.path} element={<LoadingDemo />} />
    <Route path="*" element={<NotFound />} />
  </Route>
);

/**
 * The brand and admin consoles: the window's width, outside the shop's column. Each section's
 * own route table (./routes/consoles) loads with its first page.
 */
const consoles = (
  <Suspense fallback={<RouteFallback />}>
    <Consoles />
  </Suspense>
);
const consoleRoutes = [BRAND_CONSOLE_PATH, ADMIN_CONSOLE_PATH].map((section) => (
  <Route key={section} path={`${section}/*`} element={consoles} />
));

/** The app's screens, for a `<BrowserRouter>` (or a `<MemoryRouter>` in tests). */
export function AppRoutes() {
  return (
    <Routes>
      {appRoutes}
      {consoleRoutes}
    </Routes>
  );
}

/**
 * Loads the code of the screen `pathname` opens and starts its first fetches; resolves once the
 * code is in. The start-up splash waits for it.
 */
export async function preloadRoute(pathname: string, queryClient: QueryClient): Promise<void> {
  const routes = createRoutesFromElements([appRoutes, ...consoleRoutes]);
  const screen = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  if (isValidElement(screen)) await preloads.get(screen.type)?.(queryClient);
}
