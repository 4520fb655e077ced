// End-to-end journeys in real Chromium (Debian's /usr/bin/chromium through playwright-core) at
// 390x844 against the real API serving the built frontend:
//   - the shell: splash, bottom navigation, Explore's trending row with a loaded image;
//   - browsing: home -> a category -> a product -> choosing a size;
//   - the collection's brands with search and Load More;
//   - offers, hot deals and special offers with their query parameters;
//   - search with a misspelling, through its live suggestions;
//   - the style quiz to its redirect, and a look page;
//   - accounts: sign-in with the mailed code, onboarding, a profile edit, an e-mail change
//     confirmed with the code mailed to the new address, logging out, signing back in with the
//     new address and deleting the account, with no token ever readable by page scripts;
//   - swiping: a visitor's drag, then signed in: drags right and left, undo, the filter sheet to
//     the end of the stack, the likes in the curated list, Trends ranking the demo's swipe
//     history under every gender, and Home's trending row;
//   - the bag: hearts into the curated list, BUY NOW of two sizes and a second product of one
//     brand, quantities, a line swiped out, the brand-conflict dialog kept and then switched;
//   - delivery addresses: the wizard with a Mumbai locality from the directory, the header, the
//     profile's panel, a typed address deleted;
//   - checkout to a refunded cancellation: a coupon's minimum-order message and another applied,
//     express refused for a far pincode and chosen for a Mumbai one, the sandbox's card sheet,
//     order success, My Orders and a cancellation request; then the brand's team approves it in
//     the brand console and the shopper's order shows the refund;
//   - the consoles: an admin creates a brand and makes a user its team, who creates a product
//     with two uploaded images and stock; a shopper finds it with search and buys it; the
//     console shows the stock one lower; the team's coupon applies at checkout; the admin's
//     hero banner shows on home (console pages shot at 1280x800 and 390x844);
//   - the support chat: the delivery window of a pincode;
//   - offline: the service worker's offline page after the first load, API calls failing cleanly;
//   - the keyboard alone: Tab to the swipe stack with its focus ring, an arrow opening the login
//     sheet, focus held in it, Escape handing focus back;
//   - on every page: no Content-Security-Policy violation;
//   - on every screen shot: no serious or critical axe-core violation of WCAG 2.1 A/AA (axe.mjs);
//     a journey fails at its end with each violation listed, and the run lists the screens checked.
//
//   BASE_URL=http://127.0.0.1:8080 npm run e2e      (default BASE_URL shown)
//   CHROMIUM_PATH=/path/to/chromium npm run e2e      (default /usr/bin/chromium)
//   E2E_ONLY=bag npm run e2e                         (only the journeys whose name contains it)
//   OUTBOX_DIR=/path/to/outbox npm run e2e           (the API's mail outbox, where the accounts
//                                                      journey reads its sign-in codes; default
//                                                      $SHOP_DATA_DIR/outbox, else ../data/outbox)
//   SHOP_API_BIN=../target/debug/shop-api SHOP_DATA_DIR=... npm run e2e
//                                                     (the server's binary and data folder: the
//                                                      checkout journey makes a brand user with
//                                                      `shop-api grant-role`)
//   E2E_IMAGES_PORT=41234 npm run e2e                 (the business journey serves the Shopify
//                                                      export's images there; the server must
//                                                      allow it: SHOP_IMPORT_FETCH_ALLOW)
//
// Screenshots go to e2e/screenshots/. Exits non-zero with a message on the first failure.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { axeViolations, checkedScreens } from './axe.mjs';
import { mailedCode as outboxCode } from './outbox.mjs';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const VIEWPORT = { width: 390, height: 844 };
const SPLASH_TIMEOUT_MS = 15_000;
const DATA_TIMEOUT_MS = 15_000;
const INR_PRICE = /₹[\d,]+(?:\.\d{2})?/; // what the brief asks, /₹[\d,]+/, plus paise for the log
const OUTBOX_DIR = process.env.OUTBOX_DIR ?? `${process.env.SHOP_DATA_DIR ?? '../data'}/outbox`;
const MAIL_TIMEOUT_MS = 10_000;

class JourneyError extends Error {}

function fail(message) {
  throw new JourneyError(message);
}

function step(message) {
  console.log(`  ✓ ${message}`);
}

/** Serious or critical axe violations found in the running journey, reported at its end. */
const accessibilityProblems = [];

async function screenshot(page, name) {
  const path = `${SCREENSHOTS}${name}.png`;
  await page.screenshot({ path });
  console.log(`    screenshot ${path}`);
  accessibilityProblems.push(...(await axeViolations(page, name)));
}

async function journey(page) {
  const response = await page.goto(`${BASE_URL}/`, { waitUntil: 'domcontentloaded' }).catch((error) =>
    fail(`cannot open ${BASE_URL}/: ${error.message}. Is the server running?`),
  );
  if (!response || !response.ok()) fail(`GET ${BASE_URL}/ answered ${response?.status() ?? 'nothing'}`);
  step(`opened ${BASE_URL}/`);

  const splash = page.getByTestId('splash');
  await splash.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => fail('the start-up splash never showed'));
  const splashText = await splash.innerText();
  if (!splashText.includes('Style. Swipe. Shop.')) fail(`the splash lacks its tagline: ${JSON.stringify(splashText)}`);
  await page.waitForTimeout(1_200); // let the taglines animate in before the picture
  await screenshot(page, '01-splash');
  await splash
    .waitFor({ state: 'detached', timeout: SPLASH_TIMEOUT_MS })
    .catch(() => fail(`the splash was still up after ${SPLASH_TIMEOUT_MS} ms`));
  step('splash showed and went away');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => fail('the bottom navigation is not visible on /'));
  for (const label of ['Swipe', 'Explore', 'Collection', 'Trends', 'Bag']) {
    if (!(await nav.getByRole('link', { name: new RegExp(`^${label}`) }).isVisible())) {
      fail(`the bottom navigation has no visible '${label}' tab`);
    }
  }
  step('bottom navigation shows Swipe, Explore, Collection, Trends, Bag');
  await screenshot(page, '02-swipe');

  await nav.getByRole('link', { name: 'Explore' }).tap();
  await page.waitForURL(`${BASE_URL}/home`, { timeout: 5_000 }).catch(() => fail(`tapping Explore went to ${page.url()}, not /home`));
  step('tapped Explore: /home');

  const empty = page.getByText('No trending products found.');
  const cards = page.getByTestId('product-card');
  await Promise.race([
    cards.first().waitFor({ state: 'visible', timeout: DATA_TIMEOUT_MS }),
    empty.waitFor({ state: 'visible', timeout: DATA_TIMEOUT_MS }),
  ]).catch(() => fail(`the trending row showed neither cards nor its empty text within ${DATA_TIMEOUT_MS} ms`));
  if (await empty.isVisible()) fail("trending row: 'No trending products found.', though the demo comes with a swipe history");
  await trendingCardsShowImages(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, '03-home');

  await nav.getByRole('link', { name: /^Bag/ }).tap();
  await page.getByRole('heading', { name: 'Sign in to view your bag' }).waitFor({ timeout: 5_000 })
    .catch(() => fail("/bag does not ask a visitor to 'Sign in to view your bag'"));
  if (await page.getByRole('banner').count()) fail('the top header shows on /bag');
  step('Bag tab: a visitor is asked to sign in, no top header');
  await page.waitForTimeout(300); // the tab highlight's transition
  await screenshot(page, '04-bag-signed-out');
}

/** Whether the focused element is inside the element `selector` names (or is it). */
const focusInside = (page, selector) =>
  page.evaluate((selector) => Boolean(document.activeElement?.closest(selector)), selector);

/**
 * The keyboard alone on the swipe screen: Tab reaches the stack and shows the focus ring; a
 * visitor's Right arrow opens the login sheet, which keeps focus through a dozen Tabs, closes on
 * Escape and hands focus back to the stack.
 */
async function keyboardJourney(page) {
  await open(page, '/');
  await page.evaluate(() => localStorage.setItem('hasSeenTutorial', 'true'));
  await open(page, '/');
  await topCard(page).first().waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('no card on the stack'));
  const stack = 'section[aria-label="Product cards"]';
  let presses = 0;
  while (!(await focusInside(page, stack)) && presses < 40) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  if (!(await focusInside(page, stack))) fail('40 Tabs never reached the swipe stack');
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  if (!ring.startsWith('solid')) fail(`the focused stack shows no focus ring (outline ${ring})`);
  step(`Tab reached the swipe stack after ${presses} presses; its focus ring: ${ring}`);
  await screenshot(page, 'a11y-01-focus-ring');

  const before = await topCardName(page);
  await page.keyboard.press('ArrowRight');
  const sheet = page.getByRole('dialog', { name: 'Sign in to continue' });
  await sheet.waitFor({ timeout: 5_000 }).catch(() => fail("a visitor's Right arrow did not open the login sheet"));
  if ((await topCardName(page)) !== before) fail(`a visitor's Right arrow took '${before}' off the stack`);
  for (let tab = 0; tab < 12; tab += 1) {
    if (!(await focusInside(page, '[role="dialog"]'))) fail(`focus left the login sheet after ${tab} Tabs`);
    await page.keyboard.press(tab % 3 === 2 ? 'Shift+Tab' : 'Tab');
  }
  await page.waitForTimeout(300); // the sheet's rise
  await screenshot(page, 'a11y-02-trapped-sheet');
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => fail('Escape did not close the login sheet'));
  if (!(await focusInside(page, stack))) fail('closing the login sheet did not hand focus back to the stack');
  step('Right arrow as a visitor: the login sheet held focus through 12 Tabs, Escape closed it, focus is back on the stack');
}

/** Explore's trending row: some card has a loaded image and an en-IN price. */
async function trendingCardsShowImages(page) {
  const cards = page.getByTestId('product-card');
  await cards.first().waitFor({ state: 'visible', timeout: DATA_TIMEOUT_MS }).catch(() => fail('no trending card on /home'));
  const count = await cards.count();
  let good = null;
  for (let index = 0; index < count && !good; index += 1) {
    const card = cards.nth(index);
    await card.scrollIntoViewIfNeeded();
    const image = card.locator('img').first();
    if ((await image.count()) === 0) continue; // placeholder: the product has no image
    const loaded = await image
      .evaluate(
        (img) =>
          new Promise((resolve) => {
            const done = () => resolve({ ok: img.naturalWidth > 0, src: img.currentSrc || img.src, width: img.naturalWidth });
            if (img.complete) done();
            else {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            }
          }),
      )
      .catch(() => ({ ok: false, src: '?', width: 0 }));
    const text = await card.innerText();
    const price = INR_PRICE.exec(text)?.[0];
    if (loaded.ok && price) good = { index, price, src: loaded.src, width: loaded.width, text };
    else console.log(`    card ${index + 1}: image ${loaded.ok ? 'loaded' : `not loaded (${loaded.src})`}, price ${price ?? 'missing'}`);
  }
  if (!good) fail(`none of ${count} trending cards has a loaded image (naturalWidth > 0) and an en-IN price`);
  step(`${count} trending card(s); card ${good.index + 1} shows ${good.price} and a loaded image (${good.src}, naturalWidth ${good.width})`);
  await cards.first().scrollIntoViewIfNeeded();
}

/** Links to product pages in the screen's content (cards differ between screens). */
const productLinks = (page) => page.locator('main a[href^="/product/"]');

/**
 * Waits for the screen's `landmark` (the previous screen stays up while the next one's code
 * loads, and its products must not be counted), then for products, and answers how many
 * distinct ones are linked.
 */
async function productCards(page, what, landmark) {
  if (landmark) {
    await landmark.first().waitFor({ state: 'visible', timeout: DATA_TIMEOUT_MS })
      .catch(() => fail(`${what}: the screen never showed`));
  }
  await productLinks(page).first().waitFor({ state: 'visible', timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`${what}: no product appeared`));
  const hrefs = await productLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  return new Set(hrefs).size;
}

async function open(page, path) {
  const response = await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' });
  if (!response?.ok()) fail(`GET ${path} answered ${response?.status()}`);
  // Opened directly, every page starts behind the start-up splash.
  await page.getByTestId('splash').waitFor({ state: 'detached', timeout: SPLASH_TIMEOUT_MS })
    .catch(() => fail(`the splash never left ${path}`));
}

async function browseToASize(page) {
  await open(page, '/home');
  const categories = page.getByRole('list', { name: "Men's categories" });
  await categories.getByRole('link').first().waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("home shows no Men's categories"));
  const names = await categories.getByRole('link').allInnerTexts();
  if (names.length !== 4) fail(`home shows ${names.length} categories, not the first 4 (000 §2.5)`);
  await categories.getByRole('link').first().tap();
  await page.waitForURL(/\/products\/[^/?]+\?name=/, { timeout: 5_000 })
    .catch(() => fail(`a category tile went to ${page.url()}`));
  const count = await productCards(
    page,
    'the category list',
    page.getByRole('heading', { name: `${names[0].trim()} Products` }),
  );
  step(`home -> category '${names[0].trim()}': ${count} products`);
  await screenshot(page, '05-category');

  await productLinks(page).first().tap();
  await page.waitForURL(/\/product\/[^/]+$/, { timeout: 5_000 }).catch(() => fail(`a card went to ${page.url()}`));
  const buy = page.getByRole('button', { name: 'SELECT SIZE TO BUY' });
  await buy.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail("the product page has no 'SELECT SIZE TO BUY'"));
  if (await buy.isEnabled()) fail("'SELECT SIZE TO BUY' is enabled before a size is chosen");
  const sizes = page.getByRole('radio');
  let chosen = null;
  for (let i = 0; i < (await sizes.count()) && !chosen; i += 1) {
    if (await sizes.nth(i).isEnabled()) {
      await sizes.nth(i).check({ force: true });
      chosen = await sizes.nth(i).getAttribute('value');
    }
  }
  if (!chosen) fail('every size of the first product is sold out');
  await page.getByRole('button', { name: 'BUY NOW' }).waitFor({ timeout: 2_000 })
    .catch(() => fail(`choosing size ${chosen} did not enable 'BUY NOW'`));
  const left = await page.getByText(/\d+ left/).first().innerText().catch(() => fail("no 'N left' for the chosen size"));
  step(`product page: size ${chosen} chosen, '${left.trim()}', BUY NOW enabled`);
  await screenshot(page, '06-product-size');
}

async function collectionBrands(page) {
  await open(page, '/collection?gender=male');
  if (await page.getByRole('banner').count()) fail('the top header shows on /collection');
  const brands = page.getByRole('list', { name: 'Brand list' });
  await brands.getByRole('link').first().waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('no brand in the collection'));
  const firstPage = await brands.getByRole('link').count();
  if (firstPage !== 12) fail(`a gender shows ${firstPage} brands per page, not 12 (001 §9)`);
  await page.getByRole('button', { name: 'Load More Brands' }).tap();
  await page.waitForFunction(
    (count) => document.querySelectorAll('[aria-label="Brand list"] a').length > count,
    firstPage,
    { timeout: DATA_TIMEOUT_MS },
  ).catch(() => fail("'Load More Brands' added no brand"));
  const more = await brands.getByRole('link').count();
  step(`collection: ${firstPage} men's brands, ${more} after Load More`);
  await screenshot(page, '07-collection-brands');

  await page.getByPlaceholder('Search brands...').fill('dhaa');
  await page.waitForFunction(
    () => {
      const links = [...document.querySelectorAll('[aria-label="Brand list"] a')];
      return links.length === 1 && links[0].textContent.includes('Urban Dhaaga');
    },
    null,
    { timeout: DATA_TIMEOUT_MS },
  ).catch(() => fail("searching brands for 'dhaa' did not leave Urban Dhaaga alone"));
  step("collection: searching brands for 'dhaa' finds Urban Dhaaga");
  await screenshot(page, '08-collection-search');
}

async function offersDealsSpecials(page) {
  await open(page, '/offers?offer=starting&gender=MAN');
  await page.getByRole('heading', { name: 'Products Starting at ₹499' }).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("/offers?offer=starting lacks 'Products Starting at ₹499'"));
  step(`offers?offer=starting: ${await productCards(page, 'offers')} products`);
  await screenshot(page, '09-offers');

  await open(page, '/deals?discount=50');
  await page.getByText('50% OFF', { exact: true }).first().waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("/deals?discount=50 shows no '50% OFF'"));
  const deals = await productCards(page, 'deals');
  const badges = await page.getByTestId('product-card').allInnerTexts();
  const wrong = badges.filter((text) => !text.includes('50% OFF'));
  if (wrong.length) fail(`a deal on /deals?discount=50 is not 50% off: ${JSON.stringify(wrong[0])}`);
  step(`deals?discount=50: ${deals} products, every one 50% OFF`);
  await screenshot(page, '10-deals');
  // A visitor's add asks to sign in first (001 §6); the add itself is in the swipe journey.
  await page.getByTestId('product-card').first().getByRole('button', { name: /^Add to cart/ }).tap();
  const prompt = page.getByRole('dialog', { name: 'Sign in to continue' });
  await prompt.waitFor({ timeout: 5_000 }).catch(() => fail("a visitor's 'Add to cart' on a deal did not ask to sign in"));
  await prompt.getByRole('button', { name: 'Close' }).tap();
  step("deals: a visitor's 'Add to cart' opens the login sheet");

  await open(page, '/special-offers?maxPrice=2999');
  await page.getByText('Under ₹2,999').first().waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("/special-offers?maxPrice=2999 does not say 'Under ₹2,999'"));
  const line = page.getByText(/^Showing \d+ special offers/);
  await line.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail("no 'Showing N special offers'"));
  step(`special-offers?maxPrice=2999: '${(await line.innerText()).trim()}'`);
  await screenshot(page, '11-special-offers');
}

async function searchWithATypo(page) {
  await open(page, '/search');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('hoddie');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await suggestions.first().waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail("'hoddie' brought no suggestion"));
  const suggested = await suggestions.allInnerTexts();
  if (suggested.length > 5) fail(`${suggested.length} suggestions, not at most 5 (000 §9)`);
  if (!suggested.some((text) => /hoodie/i.test(text))) fail(`'hoddie' suggested no hoodie: ${JSON.stringify(suggested)}`);
  await screenshot(page, '12-search-suggestions');
  await box.press('Enter');
  const count = await productCards(page, "the results for 'hoddie'", page.getByRole('status').filter({ hasText: /results? for “hoddie”/ }));
  const first = await productLinks(page).first().innerText();
  if (!/hoodie/i.test(first)) fail(`the first result for 'hoddie' is not a hoodie: ${JSON.stringify(first)}`);
  step(`search 'hoddie': ${suggested.length} suggestions, ${count} results, a hoodie first`);
  await screenshot(page, '13-search-results');

  // A price said in words bounds the results; each card's lowest amount is the price paid.
  await box.fill('hoodie under 1500');
  await box.press('Enter');
  const bounded = await productCards(page, "the results for 'hoodie under 1500'",
    page.getByRole('status').filter({ hasText: /results? for “hoodie under 1500”/ }));
  const cards = await productLinks(page).allInnerTexts();
  for (const text of cards) {
    const amounts = [...text.matchAll(/₹([\d,]+)/g)].map((m) => Number(m[1].replaceAll(',', '')));
    if (!amounts.length) fail(`a result for 'hoodie under 1500' shows no price: ${JSON.stringify(text)}`);
    if (Math.min(...amounts) > 1500) fail(`'hoodie under 1500' found a product at ₹${Math.min(...amounts)}: ${JSON.stringify(text)}`);
    if (!/hoodie|sweatshirt/i.test(text)) fail(`'hoodie under 1500' found a product that is no hoodie: ${JSON.stringify(text)}`);
  }
  step(`search 'hoodie under 1500': ${bounded} results, every one a hoodie at ₹1,500 or less`);
}

async function quizAndLook(page) {
  await open(page, '/style-quiz');
  for (let question = 1; question <= 4; question += 1) {
    await page.getByText(`Question ${question} of 4`).waitFor({ timeout: 5_000 })
      .catch(() => fail(`the quiz never showed 'Question ${question} of 4'`));
    const next = page.getByRole('button', { name: question === 4 ? 'Get Results' : 'Next' });
    if (await next.isEnabled()) fail(`'${question === 4 ? 'Get Results' : 'Next'}' is enabled before an answer`);
    await page.getByRole('radio').nth(question % 4).check({ force: true });
    if (question === 4) await screenshot(page, '14-style-quiz');
    await next.tap();
  }
  await page.getByText('Redirecting you to your perfect look...').waitFor({ timeout: 5_000 })
    .catch(() => fail('the quiz result never showed'));
  await page.waitForURL(/\/collection\?style=(weekend-warrior|smart-casual|streetwear-king)$/, { timeout: 8_000 })
    .catch(() => fail(`the quiz did not redirect to /collection?style=...: ${page.url()}`));
  step(`style quiz: four answers, redirected to ${new URL(page.url()).pathname}${new URL(page.url()).search}`);

  await open(page, '/look/streetwear');
  await page.getByRole('heading', { name: 'Featured Products' }).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail('the streetwear look has no Featured Products'));
  const count = await productCards(page, 'the streetwear look');
  if (count > 6) fail(`the look shows ${count} products, more than 6 (001 §9)`);
  step(`look page /look/streetwear: ${count} featured products`);
  await screenshot(page, '15-look');
}

/** The code in the newest mail to `email` written after `since` (ms), waiting for it to arrive. */
async function mailedCode(page, email, since) {
  const code = await outboxCode(page, { outbox: OUTBOX_DIR, email, since, timeoutMs: MAIL_TIMEOUT_MS });
  return code ?? fail(`no mail with a 6-digit code to ${email} in ${OUTBOX_DIR} within ${MAIL_TIMEOUT_MS} ms (set OUTBOX_DIR to the API's outbox)`);
}

/** Opens the login sheet: the profile's 'Sign Up / Login' when /profile has it, else a heart. */
async function openLoginSheet(page) {
  await page.getByRole('link', { name: 'Profile' }).tap();
  await page.waitForURL(`${BASE_URL}/profile`, { timeout: 5_000 }).catch(() => fail(`the profile icon went to ${page.url()}`));
  const signUp = page.getByRole('button', { name: 'Sign Up / Login' }).first();
  if (await signUp.waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
    await signUp.tap();
  } else {
    await open(page, '/home');
    const heart = page.getByRole('button', { name: 'Add to wishlist' }).first();
    await heart.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('no wishlist heart on /home to open the login sheet with'));
    await heart.scrollIntoViewIfNeeded();
    await heart.tap();
  }
  const sheet = page.getByRole('dialog', { name: 'Sign in to continue' });
  await sheet.waitFor({ timeout: 5_000 }).catch(() => fail('the login sheet did not open'));
  return sheet;
}

/**
 * The sheet's three steps (000 §2.3) for `email`: the code comes from the API's mail outbox.
 * A code asked for within 30 s of the last one is refused with the wait, which is waited out.
 */
async function signInWithMailedCode(page, sheet, email, shots) {
  const field = sheet.getByRole('textbox', { name: 'Email address' });
  await field.waitFor({ timeout: 5_000 }).catch(() => fail('the login sheet has no e-mail field'));
  const cont = sheet.getByRole('button', { name: 'Continue' });
  await field.fill(email.replace(/\.in$/, ''));
  if (await cont.isEnabled()) fail(`'Continue' is enabled for ${email.replace(/\.in$/, '')}`);
  await field.fill(email);
  if (shots) await screenshot(page, 'accounts-01-login-email');
  let since = Date.now();
  await cont.tap();
  const digits = sheet.getByRole('textbox', { name: /^Digit \d of 6$/ });
  const wait = sheet.getByRole('alert').filter({ hasText: /^Please wait \d+ seconds?/ });
  await Promise.race([digits.first().waitFor({ timeout: DATA_TIMEOUT_MS }), wait.waitFor({ timeout: DATA_TIMEOUT_MS })])
    .catch(() => fail(`'Continue' for ${email} led neither to the code step nor to a wait`));
  if (await wait.isVisible()) {
    const seconds = Number(/\d+/.exec(await wait.innerText())[0]);
    step(`a code was asked for moments ago: waiting ${seconds} s as the sheet says`);
    await page.waitForTimeout((seconds + 1) * 1_000);
    since = Date.now();
    await cont.tap();
    await digits.first().waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('no code step after waiting'));
  }
  if ((await digits.count()) !== 6) fail(`the code step has ${await digits.count()} boxes, not 6`);
  await sheet.getByText(/^Resend code in \d+s$/).waitFor({ timeout: 2_000 }).catch(() => fail("no 'Resend code in Ns' countdown"));
  const code = await mailedCode(page, email, since);
  step(`the code for ${email} arrived in the outbox`);
  await digits.first().tap();
  await page.keyboard.type(code);
  await sheet.getByText('Verifying...').waitFor({ timeout: 2_000 }).catch(() => fail("the sixth digit did not start 'Verifying...'"));
  if (shots) await screenshot(page, 'accounts-02-otp-verifying');
  const location = sheet.getByRole('textbox', { name: 'Where should we deliver?' });
  await location.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(async () =>
    fail(`the code was not accepted: ${await sheet.getByRole('alert').allInnerTexts()}`));
  return location;
}

async function accounts(page) {
  const email = `e2e-${Date.now()}@example.in`;
  const dialogs = [];
  // window.confirm and window.alert of the account screens: accept every one, keep its text.
  const onDialog = (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  };
  page.on('dialog', onDialog);
  try {
    await open(page, '/home');
    let sheet = await openLoginSheet(page);
    const location = await signInWithMailedCode(page, sheet, email, true);
    await location.fill('Bandra West, Mumbai');
    await screenshot(page, 'accounts-03-location');
    await sheet.getByRole('button', { name: 'Continue' }).tap();
    await page.waitForURL(`${BASE_URL}/onboarding`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`a new user went to ${page.url()}, not /onboarding`));
    step(`signed up as ${email}: /onboarding`);

    const stored = await page.evaluate(() => ({ keys: Object.keys(localStorage), values: Object.values(localStorage).join(' '), cookie: document.cookie }));
    if (stored.keys.includes('authToken') || /token/i.test(stored.values)) fail(`a token is in localStorage: ${JSON.stringify(stored.keys)}`);
    if (stored.cookie.includes('shop_session')) fail('the session cookie is readable by page scripts');

    const title = page.getByRole('heading', { level: 1 });
    await title.filter({ hasText: 'Let’s get to know you' }).waitFor({ timeout: 5_000 }).catch(() => fail('onboarding step 1 did not show'));
    const name = page.getByRole('textbox', { name: 'Name' });
    if ((await name.inputValue()) !== email.split('@')[0]) fail(`onboarding's name is not prefilled from the e-mail: ${await name.inputValue()}`);
    if ((await page.getByRole('textbox', { name: 'Email' }).inputValue()) !== email) fail("onboarding's e-mail is not the session's");
    await page.getByRole('button', { name: 'Next' }).tap();
    await page.getByText('Please select your gender').waitFor({ timeout: 2_000 }).catch(() => fail("Next without a gender did not say 'Please select your gender'"));
    await name.fill('E2E Shopper');
    await page.getByText('Female', { exact: true }).tap();
    await screenshot(page, 'accounts-04-onboarding-basics');
    await page.getByRole('button', { name: 'Next' }).tap();

    await title.filter({ hasText: 'Your style' }).waitFor({ timeout: 5_000 }).catch(() => fail('onboarding step 2 did not show'));
    await page.getByText('Gen Z (18-25)').tap();
    for (const interest of ['Streetwear', 'Minimal', 'Ethnic', 'Casual', 'Formal', 'Vintage']) {
      await page.getByText(interest, { exact: true }).tap();
    }
    if ((await page.getByRole('checkbox', { checked: true }).count()) !== 5) fail('a sixth style interest was taken');
    await page.getByText('You can select up to 5 style interests').waitFor({ timeout: 2_000 }).catch(() => fail('a sixth interest was refused without a word'));
    await screenshot(page, 'accounts-05-onboarding-style');
    await page.getByRole('button', { name: 'Next' }).tap();

    await title.filter({ hasText: 'Your fit' }).waitFor({ timeout: 5_000 }).catch(() => fail('onboarding step 3 did not show'));
    await page.getByText('Relaxed Fit', { exact: true }).tap();
    await page.getByText('Slim Fit', { exact: true }).tap();
    await screenshot(page, 'accounts-06-onboarding-fits');
    await page.getByRole('button', { name: 'Finish' }).tap();
    const welcome = page.getByRole('dialog', { name: 'Welcome to Casa, E2E Shopper!' });
    await welcome.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(async () =>
      fail(`onboarding did not complete: ${await page.getByRole('alert').allInnerTexts()}`));
    await page.waitForTimeout(400); // the dialog's fade and pop-in
    await screenshot(page, 'accounts-07-welcome');
    await welcome.getByRole('button', { name: 'Start Shopping' }).tap();
    await page.waitForURL(`${BASE_URL}/`, { timeout: 5_000 }).catch(() => fail(`the welcome went to ${page.url()}, not /`));
    step('onboarding: 3 steps, the welcome, then /');

    await page.getByRole('link', { name: 'Profile' }).tap();
    const manage = page.getByText('Manage Account', { exact: true }).first();
    await manage.waitFor({ timeout: 5_000 }).catch(() => fail("/profile has no 'Manage Account' tile"));
    await manage.tap();
    await page.waitForURL(`${BASE_URL}/manage-account`, { timeout: 5_000 }).catch(() => fail(`'Manage Account' went to ${page.url()}`));
    const fullName = page.getByLabel(/full name/i).first();
    await fullName.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('Manage Account has no full-name field'));
    if ((await fullName.inputValue()) !== 'E2E Shopper') fail(`Manage Account shows the name ${JSON.stringify(await fullName.inputValue())}`);
    await fullName.fill('E2E Shopper Edited');
    await page.getByRole('button', { name: 'Save Changes' }).tap();
    // Said on the page or in an alert: either is the spec's text.
    const saidUpdated = async () =>
      dialogs.includes('Profile updated successfully!') || (await page.getByText('Profile updated successfully!').count()) > 0;
    const savedBy = Date.now() + DATA_TIMEOUT_MS;
    while (!(await saidUpdated())) {
      if (Date.now() > savedBy) fail("'Save Changes' did not say 'Profile updated successfully!'");
      await page.waitForTimeout(200);
    }
    await screenshot(page, 'accounts-08-profile-updated');
    step('manage account: name changed, "Profile updated successfully!"');

    // A new e-mail changes only once the code mailed to it is typed back.
    const newEmail = email.replace(/^e2e-/, 'e2e-moved-');
    const emailField = page.getByRole('textbox', { name: 'Email' });
    await emailField.fill(newEmail);
    const changeAskedAt = Date.now();
    await page.getByRole('button', { name: 'Save Changes' }).tap();
    const change = page.getByRole('region', { name: 'Confirm your new e-mail' });
    await change.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(async () =>
      fail(`no code step for the new e-mail: ${await page.getByRole('alert').allInnerTexts()}`));
    await change.getByText(`We sent a code to ${newEmail}`).waitFor({ timeout: 2_000 }).catch(() => fail(`the step does not say 'We sent a code to ${newEmail}'`));
    const changeDigits = change.getByRole('textbox', { name: /^Digit \d of 6$/ });
    if ((await changeDigits.count()) !== 6) fail(`the e-mail step has ${await changeDigits.count()} boxes, not 6`);
    await change.getByText(/^Resend code in \d+s$/).waitFor({ timeout: 2_000 }).catch(() => fail("the e-mail step has no 'Resend code in Ns'"));
    await change.getByRole('button', { name: 'Cancel' }).waitFor({ timeout: 2_000 }).catch(() => fail("the e-mail step has no 'Cancel'"));
    const stillOld = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').email);
    if (stillOld !== email) fail(`the session's e-mail changed before the code: ${stillOld}`);
    await screenshot(page, 'accounts-09-email-code');
    const changeCode = await mailedCode(page, newEmail, changeAskedAt);
    step(`the change code for ${newEmail} arrived in the outbox`);
    await changeDigits.first().tap();
    await page.keyboard.type(changeCode);
    await page.getByText(`Your e-mail is now ${newEmail}.`).waitFor({ timeout: DATA_TIMEOUT_MS }).catch(async () =>
      fail(`the change code was not accepted: ${await page.getByRole('alert').allInnerTexts()}`));
    await screenshot(page, 'accounts-10-email-changed');
    const me = await page.evaluate(async () => (await fetch('/api/users/me')).json());
    if (me.email !== newEmail || me.pendingEmail !== null) fail(`after the code the server says ${JSON.stringify({ email: me.email, pendingEmail: me.pendingEmail })}`);
    step(`e-mail changed to ${newEmail} with the mailed code; still signed in`);

    await page.getByRole('link', { name: 'Profile' }).tap();
    const logOut = page.getByText('Log Out', { exact: true }).first();
    await logOut.waitFor({ timeout: 5_000 }).catch(() => fail("/profile has no 'Log Out' for a signed-in user"));
    await logOut.tap();
    await page.waitForFunction(() => localStorage.getItem('userData') === null, null, { timeout: DATA_TIMEOUT_MS })
      .catch(() => fail("'Log Out' left the session in localStorage"));
    step('logged out');

    await open(page, '/home');
    sheet = await openLoginSheet(page);
    const again = await signInWithMailedCode(page, sheet, newEmail, false);
    if ((await again.inputValue()) !== 'Bandra West, Mumbai') fail(`the location step does not show the saved location: ${await again.inputValue()}`);
    await sheet.getByRole('button', { name: 'Continue' }).tap();
    await page.waitForURL(`${BASE_URL}/`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`an existing user went to ${page.url()}, not /`));
    step('signed back in as an existing user: /');

    await page.getByRole('link', { name: 'Profile' }).tap();
    await page.getByText('Manage Account', { exact: true }).first().tap();
    await page.waitForURL(`${BASE_URL}/manage-account`, { timeout: 5_000 });
    const before = dialogs.length;
    const deleted = 'Your account has been deleted successfully. You will now be logged out.';
    await page.getByRole('button', { name: 'DELETE ACCOUNT' }).tap();
    await page.waitForFunction(() => localStorage.getItem('userData') === null, null, { timeout: DATA_TIMEOUT_MS })
      .catch(() => fail(`deleting did not log out; dialogs: ${JSON.stringify(dialogs.slice(before))}`));
    const asked = dialogs.slice(before);
    if (asked.length < 3) fail(`deleting asked ${asked.length} question(s), not two confirmations and the success alert: ${JSON.stringify(asked)}`);
    if (asked.at(-1) !== deleted) fail(`the last dialog was ${JSON.stringify(asked.at(-1))}, not '${deleted}'`);
    await screenshot(page, 'accounts-11-deleted');
    step(`account deleted after ${asked.length - 1} confirmations: '${deleted}'`);
  } finally {
    page.off('dialog', onDialog);
  }
}

/**
 * The support chat (001 §2): the greeting, a question about a pincode near the warehouse, and the
 * assistant's answer with that pincode's delivery window from the delivery rules (001 §9: 40 ->
 * 60-90 min).
 */
async function chat(page) {
  await open(page, '/chat');
  const log = page.getByRole('log', { name: 'Messages' });
  await log.getByText('Hi there! How can I help you today?').waitFor({ timeout: 5_000 })
    .catch(() => fail('the chat did not open with its greeting'));
  const box = page.getByPlaceholder('Reply ...');
  if (await page.getByRole('button', { name: 'Send' }).isEnabled()) fail("'Send' is enabled with no message");
  const question = 'How fast can you deliver to 400070?';
  await box.fill(question);
  await box.press('Enter');
  await log.locator('[data-sender="user"]').filter({ hasText: question }).waitFor({ timeout: 5_000 })
    .catch(() => fail('the question did not show in the chat'));
  const reply = log.locator('[data-sender="bot"]').filter({ hasText: '60-90 min' });
  await reply.waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(async () => fail(`no reply named the 60-90 min window: ${JSON.stringify(await log.innerText())}`));
  await page.getByTestId('typing-indicator').waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => fail('the typing dots stayed after the reply'));
  step(`chat: '${question}' -> ${JSON.stringify((await reply.locator('p').innerText()).replace(/^Support:\s*/, ''))}`);
  await page.waitForTimeout(300); // the reply's rise-in
  await screenshot(page, '16-chat');
}

/** The stack's top card: the only card not hidden from assistive technology. */
const topCard = (page) => page.getByRole('region', { name: 'Product cards' }).locator('article:not([aria-hidden="true"])');

/** The top card's product name (what its article is labelled by), waiting for one to show. */
async function topCardName(page) {
  const card = topCard(page);
  await card.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('no card on top of the stack'));
  const id = await card.getAttribute('aria-labelledby');
  return (await page.locator(`[id="${id}"]`).innerText()).trim();
}

/** Drags the top card `dx` px across with real pointer moves, and lets go. */
async function dragTopCard(page, dx) {
  const box = await topCard(page).boundingBox();
  if (!box) fail('the top card has no box to drag');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + 20, { steps: 12 });
  await page.mouse.up();
}

/** Waits until the top card is no longer `name` (a swipe took it off the stack). */
async function waitForNewTopCard(page, name, what) {
  const deadline = Date.now() + DATA_TIMEOUT_MS;
  for (;;) {
    const now = await topCardName(page).catch(() => null);
    if (now !== name) return now;
    if (Date.now() > deadline) fail(`${what}: '${name}' stayed on top of the stack`);
    await page.waitForTimeout(100);
  }
}

/** A toast's text, waited for: the one the shop says after an add. */
async function toastSays(page, text, what) {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first()
    .waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail(`${what}: no '${text}' toast`));
}

/**
 * After an add: the toast `text`, or the brand-conflict dialog when the bag holds another
 * brand, whose 'Switch to {brand}' it taps. Answers whether it switched.
 */
async function addedOrSwitched(page, text, what) {
  const dialog = page.getByRole('dialog', { name: /^Your bag has items from / });
  const toast = page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first();
  const seen = await Promise.race([
    dialog.waitFor({ timeout: DATA_TIMEOUT_MS }).then(() => 'dialog'),
    toast.waitFor({ timeout: DATA_TIMEOUT_MS }).then(() => 'toast'),
  ]).catch(() => fail(`${what}: neither '${text}' nor the brand-conflict dialog`));
  if (seen === 'toast') return false;
  await dialog.getByRole('button', { name: /^Switch to / }).tap();
  return true;
}

/**
 * Hot Deals' add to cart is a real add (docs/requirements.md, 000 §2.10): the size sheet says
 * 'Please select a size' without one, then adds the chosen size and says 'Added to cart'.
 */
async function addFromADeal(page) {
  await open(page, '/deals');
  const card = page.getByTestId('product-card').first();
  await card.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('/deals shows no deal'));
  const add = card.getByRole('button', { name: /^Add to cart/ });
  const name = (await add.innerText()).replace(/^Add to cart\s*:?\s*/, '').trim();
  await add.tap();
  const sheet = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'ADD TO BAG' }) });
  await sheet.waitFor({ timeout: 5_000 }).catch(() => fail("a deal's 'Add to cart' opened no size sheet"));
  await sheet.getByRole('button', { name: 'ADD TO BAG' }).tap();
  await sheet.getByRole('alert').getByText('Please select a size').waitFor({ timeout: 2_000 })
    .catch(() => fail("ADD TO BAG without a size did not say 'Please select a size'"));
  await screenshot(page, 'deals-01-select-a-size');
  await sheet.locator('input[type="radio"]:not([disabled])').first().check({ force: true });
  await sheet.getByRole('button', { name: 'ADD TO BAG' }).tap();
  await toastSays(page, 'Added to cart', 'adding a deal');
  await screenshot(page, 'deals-02-added');
  step(`deals: '${name}' added to the bag in a chosen size ('Added to cart')`);
}

/**
 * Buying from a swipe card (001 §1, §6): Add to Bag puts the top card's product in the bag
 * without swiping it; Buy Now without a size says 'Please select a size', then goes to checkout.
 */
async function buyFromACard(page) {
  await open(page, '/');
  const name = await topCardName(page);
  const card = topCard(page);
  await card.getByRole('button', { name: /^Add to Bag/ }).tap();
  const sheet = page.getByRole('dialog', { name });
  await sheet.waitFor({ timeout: 5_000 }).catch(() => fail("the card's 'Add to Bag' opened no size sheet"));
  await page.waitForTimeout(300); // the sheet's slide up
  await screenshot(page, 'swipe-buy-01-size-sheet');
  await sheet.locator('input[type="radio"]:not([disabled])').first().check({ force: true });
  await sheet.getByRole('button', { name: 'ADD TO BAG' }).tap();
  if (await addedOrSwitched(page, 'Added to bag', "the card's Add to Bag")) {
    step('card: the bag held another brand; switched');
  }
  if ((await topCardName(page)) !== name) fail(`Add to Bag took '${name}' off the stack`);
  step(`card: '${name}' added to the bag and still on top`);

  await card.getByRole('button', { name: /^Buy Now/ }).tap();
  await sheet.waitFor({ timeout: 5_000 }).catch(() => fail("the card's 'Buy Now' opened no size sheet"));
  await sheet.getByRole('button', { name: 'BUY NOW' }).tap();
  await sheet.getByRole('alert').getByText('Please select a size').waitFor({ timeout: 2_000 })
    .catch(() => fail("BUY NOW without a size did not say 'Please select a size'"));
  await screenshot(page, 'swipe-buy-02-select-a-size');
  await sheet.locator('input[type="radio"]:not([disabled])').first().check({ force: true });
  await sheet.getByRole('button', { name: 'BUY NOW' }).tap();
  await page.waitForURL(`${BASE_URL}/checkout`, { timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`the card's BUY NOW went to ${page.url()}, not /checkout`));
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("checkout's heading did not show after the card's BUY NOW"));
  await screenshot(page, 'swipe-buy-03-checkout');
  step(`card: Buy Now took '${name}' to checkout`);
}

/**
 * The swipe screen (001 §2, §4) and what it feeds (000 §2.5, §2.7): a visitor's drag springs
 * back and opens the login sheet; signed in, a drag right likes and one left skips, Undo brings
 * the last card back, the filter sheet narrows the stack to a brand and a size down to the end
 * state, the likes are in the curated list, and Trends and Home's trending row rank the demo shoppers'
 * swipe history.
 */
async function swipeJourney(page) {
  await open(page, '/');
  await page.evaluate(() => localStorage.setItem('hasSeenTutorial', 'true'));
  await open(page, '/');
  const first = await topCardName(page);
  await dragTopCard(page, 200);
  const sheet = page.getByRole('dialog', { name: 'Sign in to continue' });
  await sheet.waitFor({ timeout: 5_000 }).catch(() => fail("a visitor's drag did not open the login sheet"));
  await page.waitForTimeout(300); // the card's spring back
  if ((await topCardName(page)) !== first) fail(`a visitor's drag took '${first}' off the stack`);
  await screenshot(page, 'swipe-01-visitor');
  step(`visitor: the drag sprang '${first}' back and opened the login sheet`);

  const email = `swiper-${Date.now()}@example.in`;
  const location = await signInWithMailedCode(page, sheet, email, false);
  await location.fill('Indiranagar, Bengaluru');
  await sheet.getByRole('button', { name: 'Continue' }).tap();
  await page.waitForURL(`${BASE_URL}/onboarding`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`a new swiper went to ${page.url()}`));
  await open(page, '/');
  step(`signed in as ${email}`);

  await addFromADeal(page);
  await buyFromACard(page);
  await open(page, '/');

  const liked = [await topCardName(page)];
  await dragTopCard(page, 180);
  const skipped = await waitForNewTopCard(page, liked[0], 'a drag right');
  await dragTopCard(page, -180);
  await waitForNewTopCard(page, skipped, 'a drag left');
  step(`dragged '${liked[0]}' right and '${skipped}' left`);
  const undo = page.getByRole('button', { name: 'Undo last swipe' });
  await page.waitForFunction(() => !document.querySelector('button[aria-label="Undo last swipe"]')?.disabled, null, { timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("'Undo last swipe' stayed disabled after a swipe"));
  await undo.tap();
  const undoneBy = Date.now() + DATA_TIMEOUT_MS;
  for (let back = await topCardName(page); back !== skipped; back = await topCardName(page)) {
    if (Date.now() > undoneBy) fail(`Undo left '${back}' on top, not the skipped '${skipped}'`);
    await page.waitForTimeout(100);
  }
  await page.getByRole('button', { name: 'Like', exact: true }).tap();
  liked.push(skipped);
  await waitForNewTopCard(page, skipped, "'Like'");
  await screenshot(page, 'swipe-02-signed-in');
  step(`Undo brought '${skipped}' back; liked it with the button`);

  await page.getByRole('button', { name: /^Filters/ }).tap();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters.waitFor({ timeout: 5_000 }).catch(() => fail('the filter sheet did not open'));
  const brandChip = filters.getByRole('group', { name: 'Brands' }).getByRole('button').first();
  await brandChip.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('the filter sheet lists no brand'));
  const brand = (await brandChip.innerText()).trim();
  await brandChip.tap();
  const sizeChip = filters.getByRole('group', { name: 'Sizes' }).getByRole('button', { name: 'M', exact: true });
  await sizeChip.tap().catch(() => fail("the filter sheet has no size 'M'"));
  if ((await brandChip.getAttribute('aria-pressed')) !== 'true') fail(`the '${brand}' chip is not pressed after a tap`);
  await screenshot(page, 'swipe-03-filters');
  await filters.getByRole('button', { name: 'Apply' }).tap();
  await page.getByRole('button', { name: 'Filters 2 on' }).waitFor({ timeout: 5_000 }).catch(() => fail("the Filters button does not say '2 on'"));

  const end = page.getByRole('heading', { name: "You've discovered everything!" });
  let skips = 0;
  for (;;) {
    const name = await Promise.race([
      end.waitFor({ timeout: DATA_TIMEOUT_MS }).then(() => null),
      topCardName(page),
    ]).catch(() => fail('the filtered stack showed neither a card nor its end'));
    if (name === null) break;
    const text = await topCard(page).innerText();
    if (!text.includes(brand)) fail(`'${name}' is in the stack filtered to ${brand}: ${JSON.stringify(text)}`);
    if (++skips > 80) fail(`more than 80 cards of ${brand} in size M`);
    await page.getByRole('button', { name: 'Skip' }).tap();
    await waitForNewTopCard(page, name, "'Skip'");
  }
  await screenshot(page, 'swipe-04-end');
  step(`filtered to ${brand}, size M: skipped ${skips} card(s) to "You've discovered everything!"`);

  await open(page, '/curatedList');
  for (const name of liked) {
    await page.getByText(name, { exact: true }).first().waitFor({ timeout: DATA_TIMEOUT_MS })
      .catch(() => fail(`the liked '${name}' is not in the curated list`));
  }
  await screenshot(page, 'swipe-05-curated-list');
  step(`curated list holds ${liked.map((n) => `'${n}'`).join(' and ')}`);

  // The shop comes with the demo shoppers' weeks of swipes, so one like does not lift a
  // product into the top 20: every tab ranks the history instead.
  await open(page, '/trends');
  for (const tab of ['MEN', 'WOMEN', 'UNISEX']) {
    await page.getByRole('tab', { name: tab, exact: true }).tap();
    const grid = page.getByRole('list', { name: 'Trending products' });
    await grid.waitFor({ timeout: DATA_TIMEOUT_MS })
      .catch(() => fail(`Trends ${tab} shows no ranked list, though the demo comes with a swipe history`));
    const items = await grid.getByRole('listitem').count();
    if (items === 0) fail(`Trends ${tab} ranks no product`);
    await screenshot(page, `swipe-06-trends-${tab.toLowerCase()}`);
    step(`Trends ${tab} ranks ${items} product(s) of this week`);
  }

  await open(page, '/home');
  await trendingCardsShowImages(page);
}

/** JSON from the API, straight from Node: the journey's own look at the catalogue. */
async function apiJson(path) {
  const response = await fetch(`${BASE_URL}/api${path}`);
  if (!response.ok) fail(`GET /api${path} answered ${response.status}`);
  return response.json();
}

/**
 * Two products of one brand with sizes in stock (the first with two sizes of at least 3), and a
 * product of another brand: what the bag journey adds.
 */
async function bagPicks() {
  const products = await apiJson('/products?limit=100');
  const details = [];
  for (const product of products.slice(0, 40)) details.push(await apiJson(`/products/id/${product._id}`));
  const sizesWith = (p, min) => Object.entries(p.stock ?? {}).filter(([, left]) => left >= min).map(([size]) => size);
  const first = details.find((p) => sizesWith(p, 3).length >= 2 &&
    details.some((q) => q.brand._id === p.brand._id && q._id !== p._id && sizesWith(q, 1).length));
  if (!first) fail('no brand has two products in stock among the first 40');
  const second = details.find((q) => q.brand._id === first.brand._id && q._id !== first._id && sizesWith(q, 1).length);
  const other = details.find((q) => q.brand._id !== first.brand._id && sizesWith(q, 1).length);
  if (!other) fail('no product of a second brand in stock');
  return {
    first: { ...first, sizes: sizesWith(first, 3).slice(0, 2) },
    second: { ...second, sizes: sizesWith(second, 1) },
    other: { ...other, sizes: sizesWith(other, 1) },
  };
}

/** A toast with `text`, waited for. */
async function toast(page, text) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`no '${text}' toast`));
}

/** On the product page: chooses `size` and taps BUY NOW, which adds one to the bag. */
async function buyNow(page, product, size) {
  await open(page, `/product/${product._id}`);
  await page.getByRole('button', { name: 'SELECT SIZE TO BUY' }).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`'${product.name}' has no 'SELECT SIZE TO BUY'`));
  // The radio itself is visually hidden: a shopper taps its chip.
  await page.locator(`label:has(input[name="size"][value="${size}"])`).tap()
    .catch(() => fail(`'${product.name}' has no size ${size} to choose`));
  if (!(await page.getByRole('radio', { name: size, exact: true }).isChecked())) fail(`tapping size ${size} did not choose it`);
  await page.getByRole('button', { name: 'BUY NOW' }).tap();
}

/**
 * The bag's lines as 'name|size|quantity', read in one go: a line swiped out may leave the page
 * between two reads of it.
 */
async function bagLines(page) {
  return page.getByTestId('bag-line').evaluateAll((lines) =>
    lines.map((line) => {
      const name = line.querySelector('h1, h2, h3, h4, [role="heading"]')?.textContent?.trim() ?? '';
      const sizeText = [...line.querySelectorAll('p')].map((p) => p.textContent ?? '').find((t) => t.startsWith('Size: ')) ?? '';
      const quantity = (line.querySelector('[role="group"]')?.textContent ?? '').replace(/\D/g, '');
      return `${name}|${sizeText.replace(/^Size: /, '').trim()}|${quantity}`;
    }),
  );
}

async function waitForBag(page, expected, what) {
  const by = Date.now() + DATA_TIMEOUT_MS;
  for (;;) {
    const lines = await bagLines(page);
    if (JSON.stringify(lines) === JSON.stringify(expected)) return;
    if (Date.now() > by) fail(`${what}: the bag shows ${JSON.stringify(lines)}, not ${JSON.stringify(expected)}`);
    await page.waitForTimeout(100);
  }
}

/**
 * The bag (001 §2 Bag, §4): signed in, two products liked into the curated list, two sizes of
 * one product and a second product of its brand bought into the bag, quantities up and down,
 * a line swiped out, then another brand's product meets the brand-conflict dialog: kept, then
 * switched.
 */
async function bagJourney(page) {
  const picks = await bagPicks();
  const { first, second, other } = picks;
  const email = `bagger-${Date.now()}@example.in`;
  await open(page, '/profile');
  const logOut = page.getByText('Log Out', { exact: true }).first();
  if (await logOut.waitFor({ timeout: 3_000 }).then(() => true, () => false)) {
    await logOut.tap();
    await page.waitForFunction(() => localStorage.getItem('userData') === null, null, { timeout: DATA_TIMEOUT_MS })
      .catch(() => fail("'Log Out' left the session in localStorage"));
  }
  const sheet = await openLoginSheet(page);
  const location = await signInWithMailedCode(page, sheet, email, false);
  await location.fill('Fort, Mumbai');
  await sheet.getByRole('button', { name: 'Continue' }).tap();
  await page.waitForURL(`${BASE_URL}/onboarding`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`a new shopper went to ${page.url()}`));
  step(`signed in as ${email}`);

  await open(page, '/bag');
  await page.getByText("Your bag's feeling left out.").waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("an empty bag does not say 'Your bag's feeling left out.'"));
  await screenshot(page, 'bag-01-empty');

  for (const product of [first, other]) {
    await open(page, `/product/${product._id}`);
    await page.getByRole('button', { name: 'Add to wishlist' }).first().tap();
    await toast(page, 'Added to wishlist');
  }
  await open(page, '/curatedList');
  for (const product of [first, other]) {
    await page.getByText(product.name, { exact: true }).first().waitFor({ timeout: DATA_TIMEOUT_MS })
      .catch(() => fail(`the liked '${product.name}' is not in the curated list`));
  }
  await screenshot(page, 'bag-02-curated-list');
  step(`hearts put '${first.name}' and '${other.name}' in the curated list`);

  const [a, b] = first.sizes;
  await buyNow(page, first, a);
  await page.waitForURL(`${BASE_URL}/checkout`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`BUY NOW went to ${page.url()}`));
  await buyNow(page, first, b);
  await page.waitForURL(`${BASE_URL}/checkout`, { timeout: DATA_TIMEOUT_MS });
  await buyNow(page, second, second.sizes[0]);
  await page.waitForURL(`${BASE_URL}/checkout`, { timeout: DATA_TIMEOUT_MS });
  await open(page, '/bag');
  const three = [`${first.name}|${a}|1`, `${first.name}|${b}|1`, `${second.name}|${second.sizes[0]}|1`];
  await waitForBag(page, three, 'after three BUY NOWs');
  const badge = page.getByRole('link', { name: /^Bag/ });
  if (!/3/.test(await badge.innerText() + (await badge.getAttribute('aria-label') ?? ''))) {
    fail(`the Bag tab's badge does not say 3: '${await badge.innerText()}'`);
  }
  await screenshot(page, 'bag-03-lines');
  step(`bag: '${first.name}' in ${a} and ${b}, '${second.name}' in ${second.sizes[0]}; the tab's badge says 3`);

  const firstLine = page.getByTestId('bag-line').first();
  await firstLine.getByRole('button', { name: `Increase quantity of ${first.name}` }).tap();
  await waitForBag(page, [`${first.name}|${a}|2`, three[1], three[2]], 'after plus');
  await firstLine.getByRole('button', { name: `Increase quantity of ${first.name}` }).tap();
  await waitForBag(page, [`${first.name}|${a}|3`, three[1], three[2]], 'after plus again');
  await firstLine.getByRole('button', { name: `Decrease quantity of ${first.name}` }).tap();
  await waitForBag(page, [`${first.name}|${a}|2`, three[1], three[2]], 'after minus');
  const total = await page.getByText(INR_PRICE).last().innerText();
  await screenshot(page, 'bag-04-quantities');
  step(`quantities: plus, plus, minus: ${a} × 2; the footer says ${total}`);

  const last = page.getByTestId('bag-line').last();
  const box = await last.boundingBox();
  const y = box.y + box.height / 2;
  const startX = box.x + box.width - 40;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(startX - dx, y);
  await screenshot(page, 'bag-05-swiping');
  await page.mouse.up();
  await waitForBag(page, [`${first.name}|${a}|2`, three[1]], 'after swiping the last line left');
  step(`swiped '${second.name}' left past 60 px: it left the bag`);

  await buyNow(page, other, other.sizes[0]);
  const dialog = page.getByRole('dialog', { name: `Your bag has items from ${first.brand.name}` });
  await dialog.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail(`BUY NOW of ${other.brand.name} opened no brand-conflict dialog`));
  await page.waitForTimeout(400); // the dialog's fade-in
  await screenshot(page, 'bag-06-brand-conflict');
  await dialog.getByRole('button', { name: `Keep ${first.brand.name}` }).tap();
  await dialog.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => fail(`'Keep ${first.brand.name}' left the dialog open`));
  await open(page, '/bag');
  await waitForBag(page, [`${first.name}|${a}|2`, three[1]], `after keeping ${first.brand.name}`);
  step(`the brand-conflict dialog: 'Keep ${first.brand.name}' kept the bag`);

  await buyNow(page, other, other.sizes[0]);
  await dialog.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('the brand-conflict dialog did not come back'));
  await dialog.getByRole('button', { name: `Switch to ${other.brand.name}` }).tap();
  await page.waitForURL(`${BASE_URL}/checkout`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`the switch went to ${page.url()}`));
  await open(page, '/bag');
  await waitForBag(page, [`${other.name}|${other.sizes[0]}|1`], `after switching to ${other.brand.name}`);
  await screenshot(page, 'bag-07-switched');
  step(`'Switch to ${other.brand.name}': the bag holds only '${other.name}'`);
}

/** The wizard's step 3 and review: contact fields, then 'Save & Continue'. */
async function contactAndSave(page, { name, phone, email }) {
  await page.getByRole('textbox', { name: 'Full Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(phone);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Next', exact: true }).tap();
  await page.getByText('Step 4/4').waitFor({ timeout: 5_000 }).catch(() => fail('the contact step did not lead to the review'));
}

/**
 * The delivery-address wizard (001 §2, §4, §5) from the header: a Mumbai locality typed and
 * picked from the offline directory, the fields it fills, a rule's message, contact, review and
 * 'Save & Continue' back to where the shopper was; the header and the profile show it. A second
 * address typed by hand (the search skipped) is then deleted from the profile.
 */
async function addressJourney(page) {
  await open(page, '/home');
  const header = page.getByRole('link', { name: /^Delivery Location/ });
  if ((await header.innerText()).includes('Add Address') === false) fail(`the header offers no 'Add Address': ${await header.innerText()}`);
  await header.tap();
  await page.waitForURL(`${BASE_URL}/location`, { timeout: 5_000 }).catch(() => fail(`the header's location went to ${page.url()}`));
  await page.getByText('Step 1/4').waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail("/location does not say 'Step 1/4'"));
  await page.getByRole('button', { name: 'Next', exact: true }).tap();
  await page.getByText('Pick an address or type manually').waitFor({ timeout: 2_000 })
    .catch(() => fail("Next with no search did not say 'Pick an address or type manually'"));

  const search = page.getByRole('combobox', { name: 'Search your address' });
  await search.pressSequentially('Andheri', { delay: 40 });
  const suggestions = page.getByRole('listbox', { name: 'Address suggestions' });
  const mumbai = suggestions.getByRole('option').filter({ hasText: 'Mumbai' }).first();
  await mumbai.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(async () =>
    fail(`'Andheri' suggests no Mumbai place: ${JSON.stringify(await suggestions.getByRole('option').allInnerTexts().catch(() => []))}`));
  const picked = (await mumbai.innerText()).replace(/\s+/g, ' ').trim();
  await screenshot(page, 'address-01-suggestions');
  await mumbai.tap();
  await page.getByRole('button', { name: 'Next', exact: true }).tap();
  await page.getByText('Step 2/4').waitFor({ timeout: 5_000 }).catch(() => fail('picking a place did not lead to step 2'));
  const city = await page.getByRole('textbox', { name: 'City' }).inputValue();
  const state = await page.getByRole('textbox', { name: 'State' }).inputValue();
  const pincode = await page.getByRole('textbox', { name: 'Pincode' }).inputValue();
  if (!city.includes('Mumbai') || state !== 'Maharashtra' || !/^400\d{3}$/.test(pincode)) {
    fail(`the pick filled city '${city}', state '${state}', pincode '${pincode}'`);
  }
  step(`typed 'Andheri', picked '${picked}': ${city}, ${state} ${pincode}`);
  await page.getByRole('button', { name: 'Next', exact: true }).tap();
  for (const message of ['Flat/House number required', 'Wing/Building required']) {
    await page.getByText(message).waitFor({ timeout: 2_000 }).catch(() => fail(`an empty step 2 did not say '${message}'`));
  }
  await screenshot(page, 'address-02-details-errors');
  await page.getByRole('textbox', { name: 'Flat / House No.' }).fill('Flat 12');
  await page.getByRole('textbox', { name: 'Wing / Building' }).fill('B Wing, Sea View');
  await page.getByRole('button', { name: 'Next', exact: true }).tap();
  await page.getByText('Step 3/4').waitFor({ timeout: 5_000 }).catch(() => fail('step 2 did not lead to step 3'));
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('98765');
  await page.getByRole('button', { name: 'Next', exact: true }).tap();
  await page.getByText('Must be a 10-digit phone number').waitFor({ timeout: 2_000 })
    .catch(() => fail("a 5-digit phone did not say 'Must be a 10-digit phone number'"));
  await contactAndSave(page, { name: 'Asha Rao', phone: '9876543210', email: 'asha.rao@gmail.com' });
  await screenshot(page, 'address-03-review');
  await page.getByRole('button', { name: 'Save & Continue' }).tap();
  await page.waitForURL(`${BASE_URL}/home`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`saving went to ${page.url()}, not back to /home`));
  const shown = page.getByRole('link', { name: /^Delivery Location: / });
  await shown.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('the header does not show the saved address'));
  const label = await shown.getAttribute('aria-label');
  if (!label.includes('Andheri')) fail(`the header shows '${label}'`);
  await screenshot(page, 'address-04-header');
  step(`saved; back on /home, the header says '${label}'`);

  await open(page, '/location');
  await page.getByRole('button', { name: 'Next: Address Fields' }).tap();
  await page.getByText('Step 2/4').waitFor({ timeout: 5_000 }).catch(() => fail("'Next: Address Fields' did not skip to step 2"));
  await page.getByRole('textbox', { name: 'Flat / House No.' }).fill('House 4');
  await page.getByRole('textbox', { name: 'Wing / Building' }).fill('Janpath Lane');
  await page.getByRole('textbox', { name: 'Area / Street' }).fill('Connaught Place');
  await page.getByRole('textbox', { name: 'City' }).fill('New Delhi');
  await page.getByRole('textbox', { name: 'State' }).fill('Delhi');
  await page.getByRole('textbox', { name: 'Pincode' }).fill('110001');
  await page.getByRole('button', { name: 'Next', exact: true }).tap();
  await contactAndSave(page, { name: 'Ravi Kumar', phone: '9123456780', email: 'ravi.kumar@gmail.com' });
  await page.getByRole('button', { name: 'Save & Continue' }).tap();
  await page.waitForURL((url) => !url.pathname.startsWith('/location'), { timeout: DATA_TIMEOUT_MS })
    .catch(() => fail('saving the typed address stayed on /location'));
  step('a second address typed by hand (New Delhi 110001) saved');

  await open(page, '/profile');
  await page.getByText('Addresses', { exact: true }).first().tap();
  const asha = page.getByRole('listitem', { name: 'Asha Rao' });
  const ravi = page.getByRole('listitem', { name: 'Ravi Kumar' });
  await asha.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail("the profile's addresses do not list Asha Rao's"));
  await ravi.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail("the profile's addresses do not list Ravi Kumar's"));
  if (!/default/i.test(await asha.innerText())) fail("the first address saved is not the default");
  if (!(await asha.innerText()).includes('Express available')) fail('Andheri is not offered express delivery');
  if ((await ravi.innerText()).includes('Express available')) fail('New Delhi is offered express delivery');
  await asha.scrollIntoViewIfNeeded();
  await screenshot(page, 'address-05-profile');
  step(`profile: both addresses; Asha Rao's is the default with express, Ravi Kumar's has none`);

  await ravi.getByRole('button', { name: 'Delete' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
  await confirm.waitFor({ timeout: 5_000 }).catch(() => fail("Delete did not ask 'Delete this address?'"));
  await page.waitForTimeout(400); // the dialog's fade-in
  await screenshot(page, 'address-06-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).tap();
  await ravi.waitFor({ state: 'detached', timeout: DATA_TIMEOUT_MS }).catch(() => fail("Ravi Kumar's address is still listed after Delete"));
  if (!(await asha.isVisible())) fail("deleting Ravi Kumar's address took Asha Rao's too");
  await screenshot(page, 'address-07-deleted');
  step("deleted Ravi Kumar's address after 'Delete this address?'; Asha Rao's stays");
}

/** Logs out when a session is on, from the profile. */
async function signOut(page) {
  await open(page, '/profile');
  const logOut = page.getByText('Log Out', { exact: true }).first();
  if (await logOut.waitFor({ timeout: 3_000 }).then(() => true, () => false)) {
    await logOut.tap();
    await page.waitForFunction(() => localStorage.getItem('userData') === null, null, { timeout: DATA_TIMEOUT_MS })
      .catch(() => fail("'Log Out' left the session in localStorage"));
  }
}

/** Signs `email` in from the login sheet (new or returning) and answers the user's id. */
async function signIn(page, email) {
  await signOut(page);
  const sheet = await openLoginSheet(page);
  const location = await signInWithMailedCode(page, sheet, email, false);
  await location.fill('Fort, Mumbai');
  await sheet.getByRole('button', { name: 'Continue' }).tap();
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('userData') ?? '{}')._id, null, { timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`${email} is not signed in after the code`));
  return page.evaluate(() => JSON.parse(localStorage.getItem('userData'))._id);
}

/** A call to the API with the page's session cookie, as the shop's own pages make it. */
async function apiCall(page, method, path, data) {
  const response = await page.request.fetch(`${BASE_URL}/api${path}`, {
    method,
    data,
    headers: { Origin: BASE_URL },
  });
  if (!response.ok()) fail(`${method} /api${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

/** A product under ₹900 with a size in stock, its brand and that size: a small bag. */
async function smallBagPick() {
  const products = await apiJson('/products?limit=100');
  for (const product of products) {
    const detail = await apiJson(`/products/id/${product._id}`);
    const size = Object.entries(detail.stock ?? {}).find(([, left]) => left >= 2)?.[0];
    const price = Number(detail.price?.$numberDecimal ?? 0) * (1 - (detail.offerPercentage ?? 0) / 100);
    if (size && price > 200 && price < 900) return { product: detail, size };
  }
  return fail('no product under ₹900 in stock among the first 100');
}

/** The checkout's summary line `name` (Subtotal, Delivery, Total...) as shown. */
async function summaryValue(page, name) {
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const term = summary.locator('dt', { hasText: new RegExp(`^${name}$`) });
  await term.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail(`the order summary has no '${name}'`));
  return (await term.locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

/**
 * Checkout to a refunded cancellation (001 §2 Checkout, Order success, My Orders; §4; §8): a
 * shopper with a Mumbai and a New Delhi address buys a small bag; FLAT200 says its minimum,
 * FIRST50 applies; express is refused for New Delhi and chosen for Mumbai; the sandbox's sheet
 * pays with the test card; order success; My Orders; a cancellation with a reason. The brand's
 * team, made with `shop-api grant-role`, approves it in the brand console, and the shopper's
 * order then shows it cancelled with its refund.
 */
async function checkoutJourney(page) {
  const binary = process.env.SHOP_API_BIN;
  if (!binary || !process.env.SHOP_DATA_DIR) fail('the checkout journey needs SHOP_API_BIN and SHOP_DATA_DIR (the server\'s binary and data folder)');
  const { product, size } = await smallBagPick();
  const shopper = `payer-${Date.now()}@example.in`;
  const userId = await signIn(page, shopper);
  step(`signed in as ${shopper}`);
  const address = (name, city, state, pincode) => ({
    billing_customer_name: name, billing_phone: '9876543210', billing_email: 'asha.rao@gmail.com',
    billing_address: 'Flat 12, B Wing', billing_address_2: 'Main Road', billing_city: city,
    billing_pincode: pincode, billing_state: state, billing_country: 'India',
  });
  await apiCall(page, 'POST', `/users/${userId}/shipment`, address('Asha Rao', 'Mumbai', 'Maharashtra', '400001'));
  await apiCall(page, 'POST', `/users/${userId}/shipment`, address('Ravi Kumar', 'New Delhi', 'Delhi', '110001'));
  step('saved a Mumbai (400001, the default) and a New Delhi (110001) address');

  await buyNow(page, product, size);
  await page.waitForURL(`${BASE_URL}/checkout`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`BUY NOW went to ${page.url()}`));
  await open(page, '/bag');
  await waitForBag(page, [`${product.name}|${size}|1`], 'after BUY NOW');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).tap();
  await page.waitForURL(`${BASE_URL}/checkout`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`'Proceed to Checkout' went to ${page.url()}`));
  const total = await summaryValue(page, 'Total');
  step(`checkout prices the bag: total ${total}`);
  const line = page.getByRole('region', { name: 'Order Summary' }).getByRole('link', { name: product.name, exact: true });
  if ((await line.getAttribute('href').catch(() => null)) !== `/product/${product._id}`) {
    fail(`the summary line of '${product.name}' does not link to /product/${product._id}`);
  }
  step("the summary line links to the product's page");

  const coupon = page.getByRole('region', { name: 'Apply Coupon' });
  const code = coupon.getByRole('textbox');
  await code.fill('flat200');
  await coupon.getByRole('button', { name: 'Apply' }).tap();
  await page.getByText('Minimum order value of ₹999 required').waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("FLAT200 on a small bag did not say 'Minimum order value of ₹999 required'"));
  await screenshot(page, 'checkout-01-coupon-minimum');
  step("FLAT200: 'Minimum order value of ₹999 required'");
  await code.fill('FIRST50');
  await coupon.getByRole('button', { name: 'Apply' }).tap();
  await coupon.getByText('Coupon FIRST50 applied').waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("FIRST50 was not applied"));
  const discount = await summaryValue(page, 'Coupon discount');
  step(`FIRST50 applied: discount ${discount}, total ${await summaryValue(page, 'Total')}`);

  const addresses = page.getByRole('list', { name: 'Delivery addresses' });
  const deliveryIs = async (fee, what) => {
    const by = Date.now() + DATA_TIMEOUT_MS;
    while ((await summaryValue(page, 'Delivery')) !== fee) {
      if (Date.now() > by) fail(`${what}: delivery costs ${await summaryValue(page, 'Delivery')}, not ${fee}`);
      await page.waitForTimeout(100);
    }
  };
  await addresses.getByText('Asha Rao').tap();
  await page.getByText('Express Delivery').tap();
  await deliveryIs('₹99', 'express for Mumbai 400001');
  step(`express for Mumbai 400001: ₹99; total ${await summaryValue(page, 'Total')}`);
  await addresses.getByText('Ravi Kumar').tap();
  await page.getByText('Express delivery reaches addresses within 50 km of our warehouse only, so this order goes by standard delivery.')
    .waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('express for New Delhi 110001 was not refused'));
  await deliveryIs('FREE', 'express refused for New Delhi 110001');
  if (await page.getByRole('radio', { name: /Express Delivery/ }).isEnabled()) fail('express can still be chosen for New Delhi 110001');
  await screenshot(page, 'checkout-02-express-refused');
  step('express for New Delhi 110001: refused, standard and free');
  await addresses.getByText('Asha Rao').tap();
  await deliveryIs('₹99', 'express again for Mumbai 400001');
  const paying = await summaryValue(page, 'Total');
  await screenshot(page, 'checkout-03-express-mumbai');
  step(`back to Mumbai: express again, total ${paying}`);

  await page.getByRole('button', { name: `Pay ${paying}` }).tap()
    .catch(() => fail(`no 'Pay ${paying}' button`));
  const sheet = page.getByRole('dialog', { name: 'Test card payment' });
  await sheet.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('Pay did not open the test card sheet'));
  await sheet.getByRole('textbox', { name: 'Card number' }).fill('4111 1111 1111 1111');
  await sheet.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/30');
  await sheet.getByRole('textbox', { name: 'CVV' }).fill('123');
  await sheet.getByRole('textbox', { name: 'Name on card' }).fill('Asha Rao');
  await page.waitForTimeout(400); // the sheet's slide-in
  await screenshot(page, 'checkout-04-card-sheet');
  await sheet.getByRole('button', { name: /^Pay / }).tap();
  await page.waitForURL(`${BASE_URL}/order-success`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`paying went to ${page.url()}`));
  await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("order success does not say 'Order Confirmed!'"));
  await screenshot(page, 'checkout-05-order-success');
  step('paid with 4111 1111 1111 1111: Order Confirmed!');
  const bag = await apiCall(page, 'GET', '/cart');
  if (bag.items.length !== 0) fail('the bag was not cleared by the order');

  await open(page, '/my-orders');
  const card = page.getByRole('article').filter({ hasText: product.name }).first();
  await card.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail(`My Orders does not list ${product.name}`));
  if (!(await card.innerText()).includes('Paid')) fail('the order is not shown as paid');
  await screenshot(page, 'checkout-06-my-orders');
  step(`My Orders lists it: ${(await card.innerText()).split('\n').slice(0, 2).join(' · ')}`);
  await card.getByRole('button', { name: /^Cancel/ }).first().tap();
  const dialog = page.getByRole('dialog', { name: 'Cancel Order Item' });
  await dialog.waitFor({ timeout: 5_000 }).catch(() => fail("Cancel did not open 'Cancel Order Item'"));
  await dialog.getByRole('textbox').fill('Ordered the wrong size');
  await page.waitForTimeout(400);
  await screenshot(page, 'checkout-07-cancel-dialog');
  await dialog.getByRole('button', { name: 'Submit Request' }).tap();
  await card.getByText('Cancellation Requested').first().waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail("the order does not read 'Cancellation Requested' after the request"));
  await screenshot(page, 'checkout-08-requested');
  step("asked to cancel ('Ordered the wrong size'): Cancellation Requested");

  const team = `team-${Date.now()}@example.in`;
  execFileSync(binary, ['grant-role', team, 'brand', '--brand', product.brand._id], { env: process.env, stdio: 'pipe' });
  await signIn(page, team);
  step(`signed in as ${team}, ${product.brand.name}'s team`);
  await open(page, '/brand/orders');
  const requests = page.getByRole('region', { name: 'Cancellation requests' });
  const request = requests.getByRole('article').filter({ hasText: 'Ordered the wrong size' }).first();
  await request.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail("the brand console does not list the shopper's request"));
  await screenshot(page, 'checkout-09-brand-console');
  await request.getByRole('button', { name: 'Approve' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Approve cancellation?' });
  await confirm.waitFor({ timeout: 5_000 }).catch(() => fail("Approve did not ask 'Approve cancellation?'"));
  await page.waitForTimeout(400);
  await screenshot(page, 'checkout-10-approve-confirm');
  await confirm.getByRole('button', { name: 'Approve' }).tap();
  await request.waitFor({ state: 'detached', timeout: DATA_TIMEOUT_MS }).catch(() => fail('the request is still waiting after Approve'));
  await screenshot(page, 'checkout-11-approved');
  step('approved in the brand console');

  await signIn(page, shopper);
  await page.setViewportSize(VIEWPORT);
  await open(page, '/my-orders');
  const cancelled = page.getByRole('article').filter({ hasText: product.name }).first();
  const byRefund = Date.now() + 20_000;
  for (;;) {
    const text = await cancelled.innerText().catch(() => '');
    if (/Refund\s*(Completed|Initiated)/.test(text) && /cancelled/i.test(text)) break;
    if (Date.now() > byRefund) fail(`the shopper's order does not show the cancellation and its refund: ${text}`);
    await page.waitForTimeout(1_000);
    await page.reload();
  }
  await cancelled.scrollIntoViewIfNeeded();
  await screenshot(page, 'checkout-12-refund');
  step(`the shopper's order: ${(await cancelled.innerText()).match(/Refund\s*(Completed|Initiated)/)[0].replace(/\s+/, ' ')}`);
}

const DESKTOP = { width: 1280, height: 800 };

/** A screenshot of the console page at desktop width and at the phone's. */
async function consoleShots(page, name) {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(VIEWPORT);
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

/** Pays the open checkout with the sandbox's test card, delivered to `addressName`. */
async function payByCard(page, addressName) {
  await page.getByRole('list', { name: 'Delivery addresses' }).getByText(addressName).tap();
  const paying = await summaryValue(page, 'Total');
  await page.getByRole('button', { name: `Pay ${paying}` }).tap().catch(() => fail(`no 'Pay ${paying}' button`));
  const sheet = page.getByRole('dialog', { name: 'Test card payment' });
  await sheet.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail('Pay did not open the test card sheet'));
  await sheet.getByRole('textbox', { name: 'Card number' }).fill('4111 1111 1111 1111');
  await sheet.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/30');
  await sheet.getByRole('textbox', { name: 'CVV' }).fill('123');
  await sheet.getByRole('textbox', { name: 'Name on card' }).fill(addressName);
  await page.waitForTimeout(400);
  await sheet.getByRole('button', { name: /^Pay / }).tap();
  await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`paying went to ${page.url()}, not 'Order Confirmed!'`));
  return paying;
}

/**
 * The consoles (C §1-§2): an admin creates a brand and makes a user its team; the team creates a
 * product with two uploaded images and stock; a shopper finds it with search and buys it; the
 * console shows the stock one lower; the team creates a coupon and the shopper applies it; the
 * admin publishes a hero banner and home shows it. Console pages are shot at 1280x800 and
 * 390x844.
 */
async function consolesJourney(page) {
  const binary = process.env.SHOP_API_BIN;
  if (!binary || !process.env.SHOP_DATA_DIR) fail('the consoles journey needs SHOP_API_BIN and SHOP_DATA_DIR');
  const stamp = Date.now().toString(36);
  const admin = `admin-${stamp}@example.in`;
  const team = `team-${stamp}@example.in`;
  const shopper = `buyer-${stamp}@example.in`;
  const brandName = `Label ${stamp}`;
  const productName = `Indigo slub kurta ${stamp}`;
  const code = `LABEL${stamp.toUpperCase()}`.slice(0, 16);
  execFileSync(binary, ['grant-role', admin, 'admin'], { env: process.env, stdio: 'pipe' });
  execFileSync(binary, ['grant-role', team, 'shopper'], { env: process.env, stdio: 'pipe' });

  await signIn(page, admin);
  await page.setViewportSize(DESKTOP);
  await open(page, '/admin/brands');
  await page.getByRole('button', { name: 'New brand' }).click();
  const brandForm = page.getByRole('form', { name: 'New brand' });
  await brandForm.getByLabel('Name').fill(brandName);
  await brandForm.getByLabel('Gender').selectOption({ label: 'Women' });
  await brandForm.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('table', { name: 'Brands' }).getByText(brandName).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`the admin's new brand ${brandName} is not listed`));
  await consoleShots(page, 'consoles-01-admin-brands');
  step(`admin ${admin} created the brand ${brandName}`);

  await open(page, '/admin/users');
  await page.getByLabel('Search users').fill(team);
  await page.getByRole('button', { name: `Change role of ${team}` }).click({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`the users table does not list ${team}`));
  const roleDialog = page.getByRole('dialog');
  await roleDialog.getByLabel('Role').selectOption({ label: 'Brand team' });
  await roleDialog.getByLabel('Brand').selectOption({ label: brandName });
  await consoleShots(page, 'consoles-02-admin-role');
  await roleDialog.getByRole('button', { name: 'Save role' }).click();
  await page.getByText(`${team} is now brand team.`).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`${team} was not made ${brandName}'s team`));
  step(`${team} is now ${brandName}'s team`);

  await signIn(page, team);
  await page.setViewportSize(DESKTOP);
  await open(page, '/brand/products/new');
  const details = page.getByRole('form', { name: 'Product details' });
  await details.getByLabel('Name').fill(productName);
  await details.getByLabel('Price (₹)').fill('1499');
  await details.getByLabel('Gender').selectOption('female');
  const category = (await apiJson('/categories/admin/all')).find((c) => c.gender === 'female' && !c.parentCategory);
  if (!category) fail('no top-level women\'s category to file the product under');
  await details.getByRole('checkbox', { name: category.name, exact: true }).check();
  await details.getByLabel('Colour').fill('Indigo');
  await details.getByLabel('Description').fill('A hand-loomed slub cotton kurta, indigo dyed.');
  for (const size of ['S', 'M']) await details.getByRole('checkbox', { name: size, exact: true }).check();
  await details.getByLabel('Stock S').fill('3');
  await details.getByLabel('Stock M').fill('2');
  await details.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/brand\/products\/(?!new$)[^/]+$/, { timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`saving the new product stayed at ${page.url()}`));
  const productId = page.url().split('/').pop();
  const upload = page.getByLabel('Upload image');
  for (const [i, shot] of [await page.screenshot(), await page.screenshot({ fullPage: true })].entries()) {
    await upload.setInputFiles({ name: `kurta-${i + 1}.png`, mimeType: 'image/png', buffer: shot });
    await page.getByRole('list', { name: 'Product images' }).getByRole('listitem').nth(i)
      .waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail(`image ${i + 1} did not upload`));
  }
  await consoleShots(page, 'consoles-03-product-editor');
  step(`${team} created '${productName}' with two uploaded images and stock S 3, M 2`);

  await signIn(page, shopper);
  await page.setViewportSize(VIEWPORT);
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('userData'))._id);
  await apiCall(page, 'POST', `/users/${userId}/shipment`, {
    billing_customer_name: 'Asha Rao', billing_phone: '9876543210', billing_email: 'asha.rao@gmail.com',
    billing_address: 'Flat 12, B Wing', billing_address_2: 'Main Road', billing_city: 'Mumbai',
    billing_pincode: '400001', billing_state: 'Maharashtra', billing_country: 'India',
  });
  const searchedAt = Date.now();
  for (;;) {
    await open(page, '/search');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill(productName);
    await box.press('Enter');
    const found = page.locator('main a[href^="/product/"]').filter({ hasText: productName }).first();
    if (await found.waitFor({ timeout: 3_000 }).then(() => true, () => false)) break;
    if (Date.now() - searchedAt > 20_000) fail(`search does not find '${productName}' 20 s after it was created`);
  }
  await screenshot(page, 'consoles-04-shopper-search');
  step(`the shopper finds '${productName}' with search`);
  const product = await apiJson(`/products/id/${productId}`);
  await buyNow(page, product, 'S');
  await page.waitForURL(`${BASE_URL}/checkout`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`BUY NOW went to ${page.url()}`));
  step(`the shopper paid ${await payByCard(page, 'Asha Rao')} for it`);

  await signIn(page, team);
  await page.setViewportSize(DESKTOP);
  await open(page, `/brand/products/${productId}`);
  const stockS = page.getByRole('region', { name: 'Stock by size' }).getByLabel('Stock S');
  const byStock = Date.now() + DATA_TIMEOUT_MS;
  while ((await stockS.inputValue().catch(() => '')) !== '2') {
    if (Date.now() > byStock) fail(`the console shows stock S ${await stockS.inputValue()}, not 2`);
    await page.waitForTimeout(500);
  }
  step('the console shows stock S one lower: 2');
  await open(page, '/brand/coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Title').fill('Ten off the label');
  await page.getByLabel('Discount type').selectOption('percentage');
  await page.getByLabel('Discount (%)').fill('10');
  await consoleShots(page, 'consoles-05-coupon');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await page.getByRole('table', { name: 'Coupons' }).getByText(code).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`the coupon ${code} is not listed after 'Create coupon'`));
  step(`${team} created the coupon ${code}`);

  await signIn(page, shopper);
  await page.setViewportSize(VIEWPORT);
  await buyNow(page, product, 'M');
  await page.waitForURL(`${BASE_URL}/checkout`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`BUY NOW went to ${page.url()}`));
  const coupon = page.getByRole('region', { name: 'Apply Coupon' });
  await coupon.getByRole('textbox').fill(code);
  await coupon.getByRole('button', { name: 'Apply' }).tap();
  await coupon.getByText(`Coupon ${code} applied`).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`the brand's coupon ${code} was not applied`));
  await screenshot(page, 'consoles-06-coupon-applied');
  step(`the shopper applied ${code}: discount ${await summaryValue(page, 'Coupon discount')}`);

  const bannerTitle = `Monsoon edit ${stamp}`;
  await signIn(page, admin);
  await page.setViewportSize(DESKTOP);
  await open(page, '/admin/banners');
  await page.getByRole('button', { name: 'New banner' }).click();
  const bannerForm = page.getByRole('form', { name: 'New banner' });
  await bannerForm.getByLabel('Image').setInputFiles({ name: 'monsoon.png', mimeType: 'image/png', buffer: await page.screenshot() });
  await bannerForm.getByLabel('Title').fill(bannerTitle);
  await bannerForm.getByLabel('Priority').fill('100');
  await consoleShots(page, 'consoles-07-banner-preview');
  const published = page.waitForResponse((r) => r.url().includes('/api/admin/static-images') && r.request().method() === 'POST');
  await bannerForm.getByRole('button', { name: 'Publish' }).click();
  const answer = await published;
  if (!answer.ok()) fail(`publishing the banner answered ${answer.status()}: ${await answer.text()}`);
  await page.getByRole('table', { name: 'Banners' }).getByText(bannerTitle).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`the banner ${bannerTitle} is not listed after 'Publish'`));
  step(`the admin published the hero banner '${bannerTitle}'`);

  await signIn(page, shopper);
  await page.setViewportSize(VIEWPORT);
  const byBanner = Date.now() + 20_000;
  for (;;) {
    await open(page, '/home');
    const shown = page.getByRole('img', { name: bannerTitle });
    if (await shown.first().waitFor({ timeout: 3_000 }).then(() => true, () => false)) break;
    if (Date.now() > byBanner) fail(`home does not show the banner '${bannerTitle}'`);
  }
  await screenshot(page, 'consoles-08-home-banner');
  step('home shows the admin\'s banner');
}

const SHOPIFY_EXPORT = new URL('../../apps/api/tests/api/fixtures/shopify/products_export.csv', import.meta.url);

/** Rupees shown as `₹1,349.10`, `₹1,499` (whole rupees) or `-₹70.00`, as paise. */
function paiseOfText(text) {
  const match = /(-?)₹([\d,]+)(?:\.(\d{2}))?/u.exec(text);
  if (!match) fail(`'${text}' is not an amount in rupees`);
  const paise = Number(match[2].replaceAll(',', '')) * 100 + Number(match[3] ?? 0);
  return match[1] === '-' ? -paise : paise;
}

/** The console's figure card `label` (a KPI or a payout card), as shown. */
async function figure(page, list, label) {
  const card = page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: label }).first();
  await card.waitFor({ timeout: DATA_TIMEOUT_MS }).catch(() => fail(`no '${label}' among '${list}'`));
  return (await card.innerText()).replace(label, '').trim();
}

/** Serves `files` (name → bytes) on 127.0.0.1:`port` until closed: the Shopify export's image host. */
async function imageHost(port, files) {
  const server = createServer((request, response) => {
    const body = files.get(new URL(request.url, 'http://host').pathname.slice(1));
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': body.length }).end(body);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return server;
}

/**
 * Brands see their business (D): a shopper applies to open a brand; an admin approves it and
 * sets its commission; the new brand imports a Shopify export (its images fetched from a host
 * this journey serves); with the brand's dashboard open, a shopper in another browser buys, and
 * the dashboard shows the live alert and the new figures without a reload; the payouts page
 * shows the sale less the commission. Shot at 1280x800 and 390x844.
 */
async function businessJourney(page) {
  const binary = process.env.SHOP_API_BIN;
  const imagesPort = Number(process.env.E2E_IMAGES_PORT);
  if (!binary || !process.env.SHOP_DATA_DIR || !imagesPort) {
    fail('the business journey needs SHOP_API_BIN, SHOP_DATA_DIR and E2E_IMAGES_PORT');
  }
  const stamp = Date.now().toString(36);
  const founder = `founder-${stamp}@example.in`;
  const admin = `admin-${stamp}@example.in`;
  const buyer = `buyer-${stamp}@example.in`;
  const brandName = `Indigo Loom ${stamp}`;
  execFileSync(binary, ['grant-role', admin, 'admin'], { env: process.env, stdio: 'pipe' });

  // 1. A shopper applies from Profile.
  await signIn(page, founder);
  await page.setViewportSize(VIEWPORT);
  await open(page, '/profile');
  await page.getByText('Open your brand on Casa', { exact: true }).first().tap();
  await page.getByRole('heading', { name: 'Open your brand on Casa' }).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`'Open your brand on Casa' went to ${page.url()}`));
  const answers = {
    'Brand name': brandName,
    'Your name': 'Meera Iyer',
    'Contact e-mail': founder,
    'Mobile number': '9876543210',
    GSTIN: '27AAPFU0939F1ZV',
    PAN: 'AAPFU0939F',
    'Bank account number': '123456789012',
    IFSC: 'HDFC0001234',
    'Pickup address': 'Unit 4, Kamala Mills, Lower Parel',
    'Pickup pincode': '400013',
    'Return policy': 'Returns within 7 days, unworn, tags on.',
    'Shipping policy': 'Dispatched within 24 hours from Mumbai.',
  };
  for (const [label, value] of Object.entries(answers)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Who the brand dresses').selectOption({ label: 'Women' });
  await consoleShots(page, 'business-01-application');
  await page.getByRole('button', { name: 'Send application' }).tap();
  await page.getByRole('heading', { name: 'Your application is being reviewed' }).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(async () => fail(`the application was not sent: ${await page.getByRole('alert').allInnerTexts()}`));
  step(`${founder} applied to open ${brandName}`);

  // 2. An admin approves it and sets the brand's commission.
  await signIn(page, admin);
  await page.setViewportSize(DESKTOP);
  await open(page, '/admin/applications');
  await page.getByRole('button', { name: `Review ${brandName}` }).click({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`the pending applications do not list ${brandName}`));
  const review = page.getByRole('dialog', { name: brandName });
  await review.getByText('XXXXXXXX9012').waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail('the bank account is not shown masked to the admin'));
  await consoleShots(page, 'business-02-admin-review');
  await review.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: `Approve ${brandName}?` }).getByRole('button', { name: 'Approve' }).click();
  await page.getByText(`${brandName} is open: the applicant now runs it.`).waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`approving ${brandName} did not say so`));
  await open(page, '/admin/brands');
  await page.getByLabel('Search brands').fill(brandName);
  await page.getByRole('button', { name: `Edit ${brandName}` }).click({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail(`the brands table does not list the approved ${brandName}`));
  const brandForm = page.getByRole('form', { name: `Edit ${brandName}` });
  await brandForm.getByLabel('Commission rate (%)').fill('10');
  await brandForm.getByRole('button', { name: 'Save' }).click();
  await brandForm.waitFor({ state: 'detached', timeout: DATA_TIMEOUT_MS }).catch(() => fail('saving the commission rate left the form open'));
  step(`the admin approved ${brandName} and set its commission to 10%`);

  // 3. The new brand imports its Shopify export, images fetched from their host.
  // Two different pictures: the shop stores an image once by its bytes.
  const front = await page.screenshot();
  const back = await page.screenshot({ clip: { x: 0, y: 0, width: 640, height: 800 } });
  const tee = await page.screenshot({ clip: { x: 640, y: 0, width: 640, height: 800 } });
  const host = await imageHost(imagesPort, new Map([['kurta-front.png', front], ['kurta-back.png', back], ['tee.png', tee]]));
  try {
    await signIn(page, founder);
    await page.setViewportSize(DESKTOP);
    await open(page, '/brand/import');
    await page.getByRole('radio', { name: 'Shopify CSV' }).check();
    // The export's product types name the categories of the shop it came from; this shop's
    // demo has its own, so the kurta and the tee are filed under one of the brand's gender.
    const category = (await apiJson('/categories/admin/all')).find((c) => c.gender === 'female' && !c.parentCategory);
    if (!category) fail('no top-level women\'s category to file the imported products under');
    const csv = readFileSync(SHOPIFY_EXPORT, 'utf8')
      .replaceAll('{{IMAGES}}', `http://127.0.0.1:${imagesPort}`)
      .replaceAll(',Kurtas,', `,${category.name},`)
      .replaceAll(',T-Shirts,', `,${category.name},`);
    await page.getByLabel('Shopify CSV file').setInputFiles({ name: 'products_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: 'Preview' }).waitFor({ timeout: DATA_TIMEOUT_MS })
      .catch(async () => fail(`the Shopify preview did not show: ${await page.getByRole('alert').allInnerTexts()}`));
    const partial = page.getByRole('checkbox', { name: 'Import the ready products and leave the others out' });
    if (await partial.isVisible()) await partial.check();
    await consoleShots(page, 'business-03-shopify-preview');
    const importing = page.getByRole('button', { name: /^Import \d+ products?$/ });
    step(`the Shopify preview offers '${await importing.innerText()}'`);
    await importing.click();
    await page.getByRole('heading', { name: 'Import report' }).waitFor({ timeout: 30_000 })
      .catch(() => fail('the Shopify import showed no report'));
  } finally {
    host.close();
  }
  await consoleShots(page, 'business-04-shopify-report');
  const imported = (await apiCall(page, 'GET', '/brand/products?search=Linen%20Kurta')).products
    ?.find((p) => p.name === 'Linen Kurta');
  if (!imported) fail(`the import did not create ${brandName}'s 'Linen Kurta'`);
  if ((imported.images ?? []).length !== 2) fail(`'Linen Kurta' has ${(imported.images ?? []).length} images, not the export's 2`);
  step(`${brandName} imported 'Linen Kurta' with both images fetched`);

  // 5. (opened first) The brand's dashboard, left open while a shopper buys.
  await open(page, '/brand');
  await page.getByText('Nothing happened in these days yet').waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail('the new brand\'s dashboard does not say that nothing happened yet'));
  await consoleShots(page, 'business-05-dashboard-before');

  // 4. A shopper in another browser buys the imported kurta.
  const shopperContext = await page.context().browser().newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, locale: 'en-IN' });
  try {
    const shopper = await shopperContext.newPage();
    shopper.setDefaultTimeout(10_000);
    const buyerId = await signIn(shopper, buyer);
    await apiCall(shopper, 'POST', `/users/${buyerId}/shipment`, {
      billing_customer_name: 'Asha Rao', billing_phone: '9876543210', billing_email: 'asha.rao@gmail.com',
      billing_address: 'Flat 12, B Wing', billing_address_2: 'Main Road', billing_city: 'Mumbai',
      billing_pincode: '400001', billing_state: 'Maharashtra', billing_country: 'India',
    });
    await buyNow(shopper, await apiJson(`/products/id/${imported._id}`), 'S');
    await shopper.waitForURL(`${BASE_URL}/checkout`, { timeout: DATA_TIMEOUT_MS }).catch(() => fail(`BUY NOW went to ${shopper.url()}`));
    step(`a shopper paid ${await payByCard(shopper, 'Asha Rao')} for the imported kurta`);
  } finally {
    await shopperContext.close();
  }

  const dashboardUrl = page.url();
  await page.getByRole('region', { name: 'Live alerts' }).getByText('New order').waitFor({ timeout: DATA_TIMEOUT_MS })
    .catch(() => fail('the open dashboard showed no \'New order\' alert'));
  const byFigures = Date.now() + DATA_TIMEOUT_MS;
  while ((await figure(page, 'Key figures', 'Orders')) !== '1') {
    if (Date.now() > byFigures) fail(`the open dashboard still shows ${await figure(page, 'Key figures', 'Orders')} orders`);
    await page.waitForTimeout(250);
  }
  if (page.url() !== dashboardUrl) fail(`the dashboard moved to ${page.url()}`);
  const revenue = await figure(page, 'Key figures', 'Revenue');
  await consoleShots(page, 'business-06-dashboard-live');
  step(`without a reload the dashboard shows 'New order', 1 order and ${revenue} revenue`);

  // 6. The month's payout: the sale less the 10% commission.
  await open(page, '/brand/payouts');
  const gross = paiseOfText(await figure(page, 'The month in figures', 'Gross sales'));
  const commission = paiseOfText(await figure(page, 'The month in figures', 'Commission (10%)'));
  const payout = paiseOfText(await figure(page, 'The month in figures', 'Payout'));
  if (gross !== paiseOfText(revenue)) fail(`the payout's gross sales ${gross} paise differ from the dashboard's revenue ${revenue}`);
  if (commission !== Math.round(gross / 10) && commission !== Math.floor(gross / 10)) fail(`a 10% commission on ${gross} paise shows as ${commission}`);
  if (payout !== gross - commission) fail(`the payout ${payout} paise is not ${gross} less ${commission}`);
  await consoleShots(page, 'business-07-payouts');
  step(`the payouts page shows ${gross / 100} less ${commission / 100} commission: ${payout / 100}`);
}

// The installable app: the service worker takes control after the first load; offline, a page
// opened or reloaded shows the offline page in the shop's look instead of the browser's error,
// an API call fails at once (the worker never answers /api, from a cache or otherwise), and the
// worker's cache holds no API answer.
async function offlineJourney(page) {
  await open(page, '/');
  const controlled = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return 'no service worker support';
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return navigator.serviceWorker.controller ? 'yes' : 'no controller';
  });
  if (controlled !== 'yes') fail(`the service worker never controlled the page: ${controlled}`);
  step('the service worker controls the page');
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    if (!link) return null;
    return (await fetch(link.href)).json();
  });
  if (!manifest?.icons?.some((icon) => icon.purpose === 'maskable')) fail('no web app manifest with a maskable icon');
  step(`the manifest names ${manifest.short_name} with ${manifest.icons.length} icons`);

  const context = page.context();
  await context.setOffline(true);
  try {
    for (const path of ['/', '/trends']) {
      await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' })
        .catch((error) => fail(`offline, ${path} showed the browser's error: ${error.message}`));
      await page.getByRole('heading', { name: 'You are offline' }).waitFor()
        .catch(() => fail(`offline, ${path} did not show the offline page`));
      await page.getByText('Network error. Please check your connection and try again.').waitFor();
      await page.getByRole('link', { name: 'Try again' }).waitFor();
      // Its stylesheet and icon come from the worker's cache too.
      const styled = await page.evaluate(() =>
        document.querySelector('.icon')?.naturalWidth > 0 && getComputedStyle(document.body).margin === '0px');
      if (!styled) fail(`offline, ${path}'s offline page has no stylesheet or icon`);
    }
    step('offline, a reload and a navigation show the offline page');
    await screenshot(page, 'offline');
    const call = await page.evaluate(async () => {
      try {
        const res = await fetch('/api/home');
        return `answered ${res.status}`;
      } catch (error) {
        return `failed: ${error.name}`;
      }
    });
    if (call !== 'failed: TypeError') fail(`offline, GET /api/home ${call} instead of failing`);
    step('offline, an API call fails cleanly');
    const cachedApi = await page.evaluate(async () => {
      const found = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
          if (new URL(request.url).pathname.startsWith('/api/')) found.push(request.url);
        }
      }
      return found;
    });
    if (cachedApi.length) fail(`the service worker cached API answers: ${cachedApi.join(', ')}`);
    step('no API answer is in the cache');
  } finally {
    await context.setOffline(false);
  }
  await open(page, '/home');
  step('back online, the shop opens again');
}

const JOURNEYS = [
  ['the shell', journey],
  ['keyboard: focus ring, a trapped sheet', keyboardJourney],
  ['home to a size', browseToASize],
  ['collection brands', collectionBrands],
  ['offers, deals, special offers', offersDealsSpecials],
  ['search with a typo', searchWithATypo],
  ['style quiz and a look', quizAndLook],
  ['accounts', accounts],
  ['swipe, curated list and trends', swipeJourney],
  ['bag and the brand-conflict dialog', bagJourney],
  ['bag journey: delivery addresses', addressJourney],
  ['checkout to a refunded cancellation', checkoutJourney],
  ['consoles: brand, team, product, sale, coupon, banner', consolesJourney],
  ['business: application, approval, Shopify import, live dashboard, payout', businessJourney],
  ['chat', chat],
  ['offline', offlineJourney],
];

async function main() {
  if (!existsSync(CHROMIUM_PATH)) {
    fail(
      `no Chromium at ${CHROMIUM_PATH}. Install Debian's: apt-get install -y --no-install-recommends chromium ` +
        '(or set CHROMIUM_PATH). Never `npx playwright install`.',
    );
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  rmSync(`${SCREENSHOTS}failure.png`, { force: true });
  console.log(`e2e against ${BASE_URL} with ${CHROMIUM_PATH}`);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
  const problems = [];
  const warnings = [];
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, locale: 'en-IN' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      const text = message.text();
      // The server's Content-Security-Policy must never block the shop's own pages.
      if (/Content Security Policy/i.test(text)) problems.push(`policy violation: ${text}`);
      // A missing image or a failed call logs here; the journey's own checks decide.
      else if (message.type() === 'error') warnings.push(`console error: ${text}`);
    });
    const only = process.env.E2E_ONLY ?? '';
    for (const [name, run] of JOURNEYS.filter(([name]) => name.includes(only))) {
      console.log(name);
      try {
        await run(page);
        if (accessibilityProblems.length) {
          fail(`axe found serious or critical violations:\n    ${accessibilityProblems.join('\n    ')}`);
        }
      } catch (error) {
        await page.screenshot({ path: `${SCREENSHOTS}failure.png` }).catch(() => {});
        // What the page itself said is often the cause of a journey's failure.
        for (const said of [...problems, ...warnings]) console.log(`    ${said}`);
        throw error;
      }
    }
    for (const warning of warnings) console.log(`    warning: ${warning}`);
    console.log(`axe checked ${checkedScreens.length} screens: ${checkedScreens.map(({ screen }) => screen).join(', ')}`);
    if (problems.length) fail(`the page threw:\n    ${problems.join('\n    ')}`);
  } finally {
    await browser.close();
  }
  console.log('e2e passed');
}

main().catch((error) => {
  const message = error instanceof JourneyError ? error.message : error?.stack ?? String(error);
  console.error(`e2e FAILED: ${message}`);
  process.exit(1);
});
