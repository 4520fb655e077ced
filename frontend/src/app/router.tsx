import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import type { ComingSoonProps } from '@/components/ui/coming-soon';
import type { RouteHandle } from './route-handle';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { RouteFallback } from './routes/route-fallback';

const lazyComingSoon = async () => {
  const { ComingSoonRoute } = await import('./routes/coming-soon');
  return { Component: ComingSoonRoute };
};

// One screen for /products/{categoryId} and /products (000 §2.1).
const lazyProducts = async () => {
  const { ProductsRoute } = await import('./routes/products');
  return { Component: ProductsRoute };
};

/** A registered route whose screen a later issue builds. */
function comingSoon(path: string, props: ComingSoonProps, extra: RouteHandle = {}): RouteObject {
  return { path, handle: { ...extra, comingSoon: props } satisfies RouteHandle, lazy: lazyComingSoon };
}

const swipeComingSoon: ComingSoonProps = {
  screen: 'Swipe discovery',
  description: 'Swipe right to save a look to your curated list, left to skip. Your feed learns as you go.',
};

/** The whole route table of the app (000 §2.1). */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: paths.root.path,
      element: <RootLayout />,
      hydrateFallbackElement: <RouteFallback />,
      children: [
        {
          // Errors (a chunk that fails to load, say) render inside the shell.
          errorElement: <RouteError />,
          children: [
            {
              // The layout's tab screens carry the bottom navigation.
              handle: { bottomNav: true } satisfies RouteHandle,
              children: [
                { index: true, handle: { comingSoon: swipeComingSoon }, lazy: lazyComingSoon },
                comingSoon(paths.swipe.path, swipeComingSoon),
                {
                  path: paths.home.path,
                  lazy: async () => {
                    const { HomeRoute, homeLoader } = await import('./routes/home');
                    return { Component: HomeRoute, loader: homeLoader(queryClient) };
                  },
                },
                {
                  path: paths.collection.path,
                  lazy: async () => {
                    const { CollectionRoute } = await import('./routes/collection');
                    return { Component: CollectionRoute };
                  },
                },
                comingSoon(paths.trends.path, {
                  screen: 'Trends',
                  plural: true,
                  description: 'What the community is swiping right on today, this week and this month.',
                }),
                comingSoon(paths.bag.path, {
                  screen: 'Your Bag',
                  description: 'Your picks, sizes and quantities, ready for 60-minute delivery.',
                }),
              ],
            },
            {
              path: paths.brands.path,
              lazy: async () => {
                const { BrandsRoute } = await import('./routes/brands');
                return { Component: BrandsRoute };
              },
            },
            {
              path: paths.brand.path,
              lazy: async () => {
                const { BrandRoute } = await import('./routes/brand');
                return { Component: BrandRoute };
              },
            },
            {
              path: paths.offers.path,
              lazy: async () => {
                const { OffersRoute } = await import('./routes/offers');
                return { Component: OffersRoute };
              },
            },
            {
              path: paths.deals.path,
              lazy: async () => {
                const { DealsRoute } = await import('./routes/deals');
                return { Component: DealsRoute };
              },
            },
            {
              path: paths.specialOffers.path,
              lazy: async () => {
                const { SpecialOffersRoute } = await import('./routes/special-offers');
                return { Component: SpecialOffersRoute };
              },
            },
            {
              path: paths.productsByCategory.path,
              lazy: lazyProducts,
            },
            {
              path: paths.products.path,
              lazy: lazyProducts,
            },
            {
              path: paths.product.path,
              lazy: async () => {
                const { ProductRoute } = await import('./routes/product');
                return { Component: ProductRoute };
              },
            },
            comingSoon(paths.curatedList.path, {
              screen: 'My Curated List',
              description: 'Everything you hearted or swiped right on, saved for later.',
            }),
            comingSoon(paths.profile.path, {
              screen: 'Your Profile',
              description: 'Orders, offers, addresses and account settings in one place.',
            }),
            comingSoon(paths.myOrders.path, {
              screen: 'My Orders',
              plural: true,
              description: 'Track deliveries and request cancellations.',
            }),
            comingSoon(paths.privacy.path, {
              screen: 'The Privacy Policy',
              description: 'What we collect, why, and the choices you have.',
            }),
            comingSoon(paths.manageAccount.path, {
              screen: 'Manage Account',
              description: 'Edit your name, e-mail, date of birth and gender.',
            }),
            comingSoon(paths.location.path, {
              screen: 'Delivery Details',
              plural: true,
              description: 'Add the address we deliver to, in four quick steps.',
            }),
            {
              path: paths.search.path,
              lazy: async () => {
                const { SearchRoute } = await import('./routes/search');
                return { Component: SearchRoute };
              },
            },
            comingSoon(paths.checkout.path, {
              screen: 'Checkout',
              description: 'Address, delivery speed, coupons and secure card payment.',
            }),
            comingSoon(paths.orderSuccess.path, {
              screen: 'Order confirmation',
              description: 'Your order number, total and delivery timeline.',
            }),
            comingSoon(paths.onboarding.path, {
              screen: 'Onboarding',
              description: 'Tell us your style so your feed starts out right.',
            }),
            {
              path: paths.styleQuiz.path,
              lazy: async () => {
                const { StyleQuizRoute } = await import('./routes/style-quiz');
                return { Component: StyleQuizRoute };
              },
            },
            {
              path: paths.look.path,
              lazy: async () => {
                const { LookRoute } = await import('./routes/look');
                return { Component: LookRoute };
              },
            },
            comingSoon(paths.chat.path, {
              screen: 'Support chat',
              description: 'Ask about orders, returns and delivery within 60 minutes.',
            }),
            {
              path: paths.loadingDemo.path,
              lazy: async () => {
                const { LoadingDemoRoute } = await import('./routes/loading-demo');
                return { Component: LoadingDemoRoute };
              },
            },
            {
              path: '*',
              lazy: async () => {
                const { NotFoundRoute } = await import('./routes/not-found');
                return { Component: NotFoundRoute };
              },
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the router has loaded the first screen's code and data. */
export function whenRouterReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}
