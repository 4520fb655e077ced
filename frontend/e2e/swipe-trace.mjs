// The swipe screen under a performance trace (run by `cargo xtask bench swipe` against the
// release server with the built frontend): in Debian's Chromium at 390x844 with no CPU
// throttling, sign in with the code from the outbox, open /, drag the top card ten times with
// real pointer events (mouse down, 20 moves, up; right and left in turn), recording a Chrome
// trace over CDP, then print the longest task of the page's main thread and how many took
// over 50 ms. The trace is written to TRACE_FILE (default: the system's temp folder) for
// DevTools' Performance panel.
//
//   BASE_URL=http://127.0.0.1:8080 OUTBOX_DIR=/path/to/outbox node e2e/swipe-trace.mjs
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { mailedCode } from './outbox.mjs';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUTBOX_DIR = process.env.OUTBOX_DIR ?? `${process.env.SHOP_DATA_DIR ?? '../data'}/outbox`;
const TRACE_FILE = process.env.TRACE_FILE ?? join(tmpdir(), 'swipe-trace.json');
const DRAGS = 10;
const STEPS = 20;
const LONG_TASK_MS = 50;
const TIMEOUT_MS = 15_000;

function fail(message) {
  throw new Error(message);
}

async function waitForSplash(page) {
  await page
    .getByTestId('splash')
    .waitFor({ state: 'detached', timeout: TIMEOUT_MS })
    .catch(() => fail('the start-up splash did not go away'));
}

/** Signs up a new shopper through the login sheet on /profile. */
async function signIn(page) {
  const email = `trace-${Date.now()}@example.in`;
  const since = Date.now();
  await page.goto(`${BASE_URL}/profile`);
  await waitForSplash(page);
  await page.getByRole('button', { name: 'Sign Up / Login' }).first().click();
  const sheet = page.getByRole('dialog', { name: 'Sign in to continue' });
  await sheet.getByRole('textbox', { name: 'Email address' }).fill(email);
  await sheet.getByRole('button', { name: 'Continue' }).click();
  const digits = sheet.getByRole('textbox', { name: /^Digit \d of 6$/ });
  await digits.first().waitFor({ timeout: TIMEOUT_MS }).catch(() => fail('the code step did not show'));
  const code =
    (await mailedCode(page, { outbox: OUTBOX_DIR, email, since, timeoutMs: TIMEOUT_MS })) ??
    fail(`no code to ${email} in ${OUTBOX_DIR} within ${TIMEOUT_MS} ms`);
  await digits.first().click();
  await page.keyboard.type(code);
  const location = sheet.getByRole('textbox', { name: 'Where should we deliver?' });
  await location.waitFor({ timeout: TIMEOUT_MS }).catch(() => fail('the code was not accepted'));
  await location.fill('Bandra West, Mumbai');
  await sheet.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${BASE_URL}/onboarding`, { timeout: TIMEOUT_MS });
  return email;
}

/** The top card of the stack (the cards below are hidden from assistive technology). */
const topCard = (page) => page.locator('section[aria-label="Product cards"] article:not([aria-hidden="true"])').first();

async function drag(page, n) {
  const card = topCard(page);
  await card.waitFor({ timeout: TIMEOUT_MS }).catch(() => fail(`no card to drag (drag ${n + 1})`));
  const name = await card.getAttribute('aria-labelledby');
  const box = await card.boundingBox();
  if (!box) fail('the top card has no box');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const direction = n % 2 === 0 ? 1 : -1;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + direction * 220, y + 30, { steps: STEPS });
  await page.mouse.up();
  await page
    .waitForFunction(
      (before) =>
        document.querySelector('section[aria-label="Product cards"] article:not([aria-hidden="true"])')?.getAttribute('aria-labelledby') !== before,
      name,
      { timeout: TIMEOUT_MS },
    )
    .catch(() => fail(`drag ${n + 1} did not swipe the card away`));
  // A shopper looks at the next card before swiping it; the flight off-screen ends meanwhile.
  await page.waitForTimeout(400);
}

/** Tasks of the renderers' main threads in a trace, in ms. */
function mainThreadTasks(events) {
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.dur ?? 0) / 1000);
}

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    const page = await context.newPage();
    const email = await signIn(page);
    console.log(`signed in as ${email}`);
    await page.evaluate(() => localStorage.setItem('hasSeenTutorial', 'true'));
    await page.goto(`${BASE_URL}/`);
    await waitForSplash(page);
    await topCard(page).waitFor({ timeout: TIMEOUT_MS }).catch(() => fail('/ shows no card'));

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
      },
    });
    const started = Date.now();
    for (let n = 0; n < DRAGS; n += 1) await drag(page, n);
    const seconds = (Date.now() - started) / 1000;
    await cdp.send('Tracing.end');
    await complete;
    writeFileSync(TRACE_FILE, JSON.stringify({ traceEvents: events }));

    const tasks = mainThreadTasks(events);
    if (tasks.length === 0) fail('the trace holds no main-thread task');
    const longest = Math.max(...tasks);
    const long = tasks.filter((ms) => ms > LONG_TASK_MS).length;
    console.log(`swipe trace: ${DRAGS} drags of ${STEPS} pointer moves each in ${seconds.toFixed(1)} s, 390x844, no CPU throttling`);
    console.log(`  main-thread tasks: ${tasks.length}; longest ${longest.toFixed(1)} ms; over ${LONG_TASK_MS} ms: ${long} (target: none)`);
    console.log(`  trace: ${TRACE_FILE}`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(`swipe-trace: ${error.message}`);
  process.exit(1);
});
