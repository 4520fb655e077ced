// Product constants of the shell. Numbers carry the specification line they come from.

/** Working name of the shop, shown on the splash and in the footer. */
export const APP_NAME = 'Casa';

export const TAGLINES = {
  main: 'Style. Swipe. Shop.',
  delivery: 'Deliver in 60 minutes',
  powered: 'Powered by AI & Community Trends',
} as const;

/** Start-up splash shows about 2.5 s (000 §2.1, 001 §9)... */
export const SPLASH_DURATION_MS = 2500;
/** ...and the app appears after at least 1 s of preparation. */
export const MIN_PREPARATION_MS = 1000;
/** The splash fades out over this long once both are done. */
export const SPLASH_FADE_MS = 300;

/** Toasts in the route shell last 2 s (000 §2.1, §9); at most 20 at once. */
export const TOAST_DURATION_MS = 2000;
export const MAX_TOASTS = 20;
/**
 * 000 §2.1, §9: toasts last 3000 ms "elsewhere": the discovery screens outside the route shell
 * and outside 001's shopping area (which says 2 s), that is /offers, /deals, /special-offers.
 */
export const TOAST_ELSEWHERE_MS = 3000;
/** My Orders' cancellation notices stay longer: 5 s (001 §2 My Orders, §9). */
export const CANCEL_NOTICE_MS = 5000;

/** Badge counts above this show as '99+' (000 §2.2, §9). */
export const BADGE_CAP = 99;

/** Home trending row: 8 items, auto-scroll every 4 s (000 §9). */
export const HOME_TRENDING_LIMIT = 8;
export const TRENDING_AUTO_SCROLL_MS = 4000;

/** Loading context default text (000 §4). */
export const DEFAULT_LOADING_TEXT = 'Loading...';

/** Default label of the header's delivery-location button (000 §2.2). */
export const DELIVERY_LOCATION_LABEL = 'Delivery Location';
export const ADD_ADDRESS_TEXT = 'Add Address';

/** Footer contact block. The operator's details are not in the specification; placeholders. */
export const CONTACT = {
  email: 'support@casa.shop',
  phone: '+91 22 4000 6060',
  city: 'Mumbai, Maharashtra 400001',
} as const;

/** Home (000 §2.5, §9): hero rotates every 4 s, brands scroll every 3 s, 4 categories. */
export const HERO_ROTATE_MS = 4000;
export const BRANDS_AUTO_SCROLL_MS = 3000;
export const HOME_CATEGORIES_LIMIT = 4;
/** Flash Sale tiles' discounts, in order, and the Special Collections' price tiers (000 §9). */
export const FLASH_SALE_DISCOUNTS = [50, 20, 40, 30] as const;
export const SPECIAL_COLLECTION_MAX_PRICE = 2999;
export const SPECIAL_COLLECTION_MIN_PRICE = 799;
/** Home trending badge by engagementScore: HOT from 10, RISING from 5 (000 §4, §9). */
export const ENGAGEMENT_HOT = 10;
export const ENGAGEMENT_RISING = 5;

/** Collection brand pages: 12 for a gender filter, 50 for ALL (000 §9, 001 §9). */
export const BRAND_PAGE_SIZE_GENDER = 12;
export const BRAND_PAGE_SIZE_ALL = 50;
/** All Brands asks for 100 (000 §7). */
export const ALL_BRANDS_LIMIT = 100;
/**
 * The category and brand product list (001 §2) pages by 'Load More Products'. The requirements
 * give no page size; 50 is the API's default list size (docs/http-api.md).
 */
export const PRODUCT_LIST_PAGE_SIZE = 50;

/** Offers, Hot Deals and Special Offers: at most 5 category chips (000 §9). */
export const CATEGORY_CHIPS_MAX = 5;
/** Special Offers' fixed rating display (000 §2.8, §9). */
export const SPECIAL_RATING = 4.2;
/** Offer products per 'Load More Products' page; the spec does not show its size (000 §2.9). */
export const OFFERS_PAGE_SIZE = 20;

/** Search (000 §4, §9): 5 suggestions after 2 or more characters, 300 ms debounce. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SUGGESTIONS_MIN_CHARS = 2;
export const SUGGESTIONS_LIMIT = 5;
/** Search history: at most 10 kept, 5 shown (000 §3, §9). */
export const SEARCH_HISTORY_MAX = 10;
export const SEARCH_HISTORY_SHOWN = 5;
/** Popular searches when the call fails (000 §8). */
export const POPULAR_SEARCHES_FALLBACK: readonly string[] = [
  'Jeans',
  'T-Shirts',
  'Sneakers',
  'Hoodies',
  'Shirts',
  'Pants',
];

/**
 * Address wizard search (001 §5, §7, §9): suggestions from 2 characters, asked 180 ms after the
 * last keystroke; the list closes 120 ms after the box loses focus, so a tap on a suggestion
 * lands first.
 */
export const ADDRESS_SEARCH_MIN_CHARS = 2;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 180;
export const ADDRESS_SUGGESTIONS_CLOSE_MS = 120;

/** Style quiz: the result shows 3 s before the redirect (001 §2, §9). */
export const QUIZ_REDIRECT_MS = 3000;

/**
 * Look page (001 §7, §9): at most 6 products; the first 2 tags after a category hit; the gender
 * fallback asks for 50.
 */
export const LOOK_MAX_PRODUCTS = 6;
export const LOOK_TAGS_AFTER_CATEGORIES = 2;
export const LOOK_FALLBACK_LIMIT = 50;

/** Swipe screen's filter sheet asks for up to 100 brands (001 §9). */
export const SWIPE_FILTER_BRANDS_LIMIT = 100;
/**
 * The swipe screen's return policy (001 §9): returns within 30 days, the refund 5-7 business
 * days after the return arrives.
 */
export const RETURN_WINDOW_DAYS = 30;
export const REFUND_BUSINESS_DAYS = '5-7';
/**
 * The delivery facts shown before any quote (the policy tab, checkout's options, the order
 * confirmation): the server's, which testdata/vectors/delivery_policy.json checks on both sides.
 * Standard arrives in 5 days (the server's estimate, 001 §9) and delivery is free above ₹1,500;
 * the specification's other readings (₹999, 3-7 and 2-5 business days) are not shown
 * (docs/requirements.md, "Contradictions in the specification").
 */
export const STANDARD_DELIVERY_DAYS = 5;
export const FREE_DELIVERY_ABOVE_RUPEES = 1500;
export const EXPRESS_FEE_RUPEES = 99;

/** Home's trending row asks for the 7d window (000 §7, §9). */
export const HOME_TRENDING_WINDOW = '7d';
/** Trends screen (000 §2.7, §7, §9): 20 products; the banner turns every 4000 ms. */
export const TRENDS_LIMIT = 20;
export const TRENDS_BANNER_ROTATE_MS = 4000;
