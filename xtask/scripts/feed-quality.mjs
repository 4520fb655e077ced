// The feed's quality, measured through the real API (run by `cargo xtask bench feed`; plain
// Node 20, no packages):
//
//   1. The first token's shopper swipes 1,000 products (random newest products, half liked),
//      so the bench can then load the feed of a shopper with a long history.
//   2. Every other token is a simulated shopper with a hidden taste: a gender, two of its
//      subcategories, a colour and a price quartile. Each swipes the first 30 cards its feed
//      (filtered to its gender) deals, liking a card that matches at least 2 of the 3 traits
//      (subcategory, colour, price band) and disliking the others. Then the share of matching
//      cards is measured among the next 8 of three lists, each filtered to the shopper's gender
//      and leaving out what it swiped: its feed, the most popular products (trending over 30
//      days) and the newest products.
//
//   BASE_URL=http://127.0.0.1:8080 TOKENS_FILE=tokens.txt node feed-quality.mjs
import { readFileSync } from 'node:fs';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const TOKENS = readFileSync(process.env.TOKENS_FILE ?? 'tokens.txt', 'utf8')
  .split('\n')
  .map((t) => t.trim())
  .filter(Boolean);
const HISTORY = 1000;
const SWIPES = 30;
const NEXT = 8;
const AT_ONCE = 16;

// A small seeded generator (mulberry32), so a run's tastes are the same every time.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (random, list) => list[Math.floor(random() * list.length)];

async function call(method, path, token, body) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const swipe = (token, productId, liked) =>
  call('POST', '/api/analytics/track-swipe', token, { productId, action: liked ? 'like' : 'dislike' });

/// Runs `work` over `items`, AT_ONCE at a time.
async function pool(items, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

const paise = (product) => Math.round(Number(product.price.$numberDecimal) * 100);

async function main() {
  if (TOKENS.length < 2) throw new Error('TOKENS_FILE needs a token for the history shopper and at least one simulated shopper');
  const newest = [];
  for (let page = 1; page <= 10; page += 1) {
    newest.push(...(await call('GET', `/api/products?limit=200&page=${page}`)));
  }
  const prices = newest.map(paise).sort((a, b) => a - b);
  const quartiles = [1, 2, 3].map((q) => prices[Math.floor((prices.length * q) / 4)]);
  const band = (product) => quartiles.filter((q) => paise(product) >= q).length;
  const colours = (await call('GET', '/api/products/feed/filters')).colors;
  const subcategories = (await call('GET', '/api/categories/admin/all')).filter(
    (c) => c.parentCategory && c.productCount > 0,
  );

  const started = Date.now();
  const random = rng(1);
  const history = newest.slice(0, HISTORY);
  await pool(history, (product) => swipe(TOKENS[0], product._id, random() < 0.5));
  console.log(`history shopper: ${history.length} swipes in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const traits = (taste, product) =>
    Number(product.category.some((c) => taste.subs.includes(c._id))) +
    Number(product.colour.toLowerCase() === taste.colour) +
    Number(band(product) === taste.band);
  const matches = (taste, product) => traits(taste, product) >= 2;
  const share = (taste, products) =>
    products.length === 0 ? 0 : products.filter((p) => matches(taste, p)).length / products.length;

  const shoppers = TOKENS.slice(1);
  const simulated = Date.now();
  const rates = await pool(shoppers, async (token, n) => {
    const r = rng(1000 + n);
    const gender = pick(r, ['male', 'female', 'unisex'].filter((g) => subcategories.some((c) => c.gender === g)));
    const ofGender = subcategories.filter((c) => c.gender === gender);
    const first = pick(r, ofGender);
    const others = ofGender.filter((c) => c._id !== first._id);
    const taste = {
      subs: [first._id, (others.length ? pick(r, others) : first)._id],
      colour: pick(r, colours),
      band: Math.floor(r() * 4),
    };
    const swiped = [];
    while (swiped.length < SWIPES) {
      const cards = await call('GET', `/api/products/feed?limit=${NEXT}&gender=${gender}`, token);
      if (cards.length === 0) break;
      for (const card of cards.slice(0, SWIPES - swiped.length)) {
        await swipe(token, card._id, matches(taste, card));
        swiped.push(card._id);
      }
    }
    const feed = await call('GET', `/api/products/feed?limit=${NEXT}&gender=${gender}`, token);
    const letter = { male: 'M', female: 'W', unisex: 'U' }[gender];
    const trending = await call('GET', `/api/analytics/trending-products?timeWindow=30d&gender=${letter}&limit=100`);
    const popularIds = trending.data.trendingProducts
      .map((entry) => entry.product._id)
      .filter((id) => !swiped.includes(id))
      .slice(0, NEXT);
    const popular = await Promise.all(popularIds.map((id) => call('GET', `/api/products/id/${id}`)));
    const plain = await call('GET', `/api/products?gender=${gender}&limit=${NEXT}&exclude=${swiped.join(',')}`);
    return { feed: share(taste, feed), popular: share(taste, popular), newest: share(taste, plain) };
  });
  const mean = (key) => rates.reduce((sum, rate) => sum + rate[key], 0) / rates.length;
  const [feed, popular, plain] = [mean('feed'), mean('popular'), mean('newest')];
  const percent = (x) => `${(x * 100).toFixed(1)}%`.padStart(7);
  console.log(
    `feed quality: ${shoppers.length} simulated shoppers in ${((Date.now() - simulated) / 1000).toFixed(1)} s, each with a hidden taste ` +
      '(a gender, two of its subcategories, a colour, a price quartile);\n' +
      `  each swiped ${SWIPES} feed cards, liking those that match at least 2 of the 3 traits (subcategory, colour, price band);\n` +
      `  share of matching cards among the next ${NEXT} (gender filter on, swiped products left out):`,
  );
  console.log(`  feed                     ${percent(feed)}`);
  console.log(`  most popular (30d)       ${percent(popular)}`);
  console.log(`  newest                   ${percent(plain)}`);
  console.log(`  feed / most popular      ${popular > 0 ? (feed / popular).toFixed(2) : 'inf'}x (target: at least 5x)`);
}

main().catch((error) => {
  console.error(`feed-quality: ${error.message}`);
  process.exit(1);
});
