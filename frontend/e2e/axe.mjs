// axe-core inside the journeys: every screen a journey shoots is checked against WCAG 2.1 A and
// AA. The engine comes from the installed package (no CDN: the shop's Content-Security-Policy
// and an offline machine both forbid one) and is injected into the page as an inline script
// only when the page does not have it yet.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Every screen checked, in order, with the number of blocking violations it had. */
export const checkedScreens = [];

async function injectAxe(page) {
  if (await page.evaluate(() => typeof window.axe === 'object').catch(() => false)) return;
  // addScriptTag with content is an inline script, which the shop's policy blocks; evaluating
  // the source through the DevTools protocol is not subject to it.
  await page.evaluate(AXE_SOURCE);
}

/**
 * Runs axe on the page as it is now and answers the serious and critical violations, one line
 * each: rule, impact, the elements (CSS targets) and axe's help text.
 */
export async function axeViolations(page, screen) {
  await injectAxe(page);
  // A colour caught mid-transition (a chip just tapped) is not what the shopper reads: let
  // finite animations and transitions end first, for at most a second.
  await page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    return Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => {}))),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]);
  });
  const results = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  );
  const lines = [];
  for (const violation of results.violations) {
    if (!BLOCKING.has(violation.impact)) continue;
    const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 6);
    const more = violation.nodes.length > targets.length ? ` (+${violation.nodes.length - targets.length} more)` : '';
    lines.push(`${screen}: ${violation.id} [${violation.impact}] ${targets.join(' | ')}${more}: ${violation.help}`);
  }
  checkedScreens.push({ screen, url: page.url(), violations: lines.length });
  return lines;
}
