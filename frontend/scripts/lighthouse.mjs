// Lighthouse on the shop's screens, as a mid-range phone sees them: the mobile preset with
// simulated throttling, in Debian's Chromium (CHROME_PATH, never a downloaded browser). Each
// screen runs RUNS times; each figure is the median of its runs. Prints one row per screen and
// every target missed, by how much. Run by `cargo xtask bench web`, which starts the release
// server with the demo and passes:
//
//   node scripts/lighthouse.mjs <base url> <bearer token> <screen path>...
//
// A path starting with `+` is opened signed in, as the shop restores a session: the signed-in
// user in localStorage (kept between runs: Lighthouse's storage reset is off for these) and the
// token with every request as `Authorization: Bearer`, which the API accepts like the session
// cookie. puppeteer-core comes with Lighthouse.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGETS = [
  { key: 'performance', label: 'Perf', min: 95, show: (v) => v.toFixed(0) },
  { key: 'accessibility', label: 'A11y', min: 95, show: (v) => v.toFixed(0) },
  { key: 'bestPractices', label: 'BP', min: 95, show: (v) => v.toFixed(0) },
  { key: 'lcp', label: 'LCP s', max: 1.8, show: (v) => v.toFixed(2) },
  { key: 'tbt', label: 'TBT ms', max: 100, show: (v) => v.toFixed(0) },
  { key: 'cls', label: 'CLS', max: 0.02, show: (v) => v.toFixed(3) },
  { key: 'jsKb', label: 'JS KB', show: (v) => v.toFixed(1) },
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The LCP element's tag and its text or alt, to tell which screen state it painted. */
function lcpElement(node) {
  return node ? `${node.snippet} (${node.nodeLabel})` : '';
}

/** The largest layout shifts: the element that moved most, its score and the causes Lighthouse names. */
function layoutShifts(lhr) {
  const items = lhr.audits['layout-shifts']?.details?.items ?? [];
  return items.slice(0, 3).map((item) => {
    const causes = (item.subItems?.items ?? []).map((sub) => {
      const extra = sub.extra?.type === 'node' ? sub.extra.snippet : (sub.extra?.url ?? '');
      return `${sub.cause}${extra ? ` ${extra}` : ''}`;
    });
    const node = item.node ? `${item.node.snippet} (${item.node.nodeLabel})` : 'unattributed';
    return `${item.score.toFixed(3)} ${node}${causes.length ? `; causes: ${causes.join(', ')}` : ''}`;
  });
}

/** The figures of one report; `jsKb` is the JavaScript transferred before the page was loaded. */
function figures(lhr) {
  const score = (id) => (lhr.categories[id]?.score ?? 0) * 100;
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const js = requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: audit('largest-contentful-paint') / 1000,
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKb: js / 1024,
    lcpElement: lcpElement(lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node),
    shifts: layoutShifts(lhr),
  };
}

/** Stores the token's user in the browser as the shop keeps a signed-in shopper (src/stores/session.ts). */
async function storeSignedInUser(port, base, token) {
  const res = await fetch(`${base}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /api/users/me with the bench token answered ${res.status}`);
  const me = await res.json();
  const user = { _id: me._id, email: me.email, name: me.display_name ?? '', role: 0, isLoggedIn: true, isNewUser: false };
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/offline.html`);
    await page.evaluate((json) => localStorage.setItem('userData', json), JSON.stringify(user));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

async function main() {
  const [base, token, ...screens] = process.argv.slice(2);
  if (!base || !token || !screens.length) {
    console.error('usage: node scripts/lighthouse.mjs <base url> <bearer token> <screen path>...');
    process.exit(2);
  }
  const chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const rows = [];
  try {
    for (const screen of screens) {
      const signedIn = screen.startsWith('+');
      const path = signedIn ? screen.slice(1) : screen;
      if (signedIn) await storeSignedInUser(chrome.port, base, token);
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(
          `${base}${path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            extraHeaders: signedIn ? { Authorization: `Bearer ${token}` } : undefined,
            disableStorageReset: signedIn,
          },
        );
        if (!result) throw new Error(`Lighthouse gave no report for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
        runs.push(figures(result.lhr));
      }
      const row = { screen: signedIn ? `${path} (signed in)` : path, lcpElement: runs[0].lcpElement };
      // The shifts of the run whose CLS is the median, so they explain the printed figure.
      row.shifts = [...runs].sort((a, b) => a.cls - b.cls)[Math.floor(runs.length / 2)].shifts;
      for (const { key } of TARGETS) row[key] = median(runs.map((r) => r[key]));
      rows.push(row);
      console.error(`  ${row.screen}: done`);
    }
  } finally {
    await chrome.kill();
  }
  print(rows);
}

function print(rows) {
  const width = Math.max(...rows.map((row) => row.screen.length), 'screen'.length);
  console.log(`| ${'screen'.padEnd(width)} | ${TARGETS.map((t) => t.label.padStart(6)).join(' | ')} |`);
  console.log(`|${'-'.repeat(width + 2)}|${TARGETS.map(() => '-------:').join('|')}|`);
  for (const row of rows) {
    console.log(`| ${row.screen.padEnd(width)} | ${TARGETS.map((t) => t.show(row[t.key]).padStart(6)).join(' | ')} |`);
  }
  console.log(`(median of ${RUNS} runs; targets: Perf, A11y, BP >= 95, LCP <= 1.8 s, TBT <= 100 ms, CLS <= 0.02)`);
  for (const row of rows) {
    for (const target of TARGETS) {
      const value = row[target.key];
      if (target.min !== undefined && value < target.min) {
        console.log(`MISSED ${row.screen} ${target.label}: ${target.show(value)}, ${target.show(target.min - value)} below ${target.min}`);
      }
      if (target.max !== undefined && value > target.max) {
        console.log(`MISSED ${row.screen} ${target.label}: ${target.show(value)}, ${target.show(value - target.max)} above ${target.max}`);
      }
    }
    if (row.lcpElement) console.log(`  LCP element of ${row.screen}: ${row.lcpElement}`);
    for (const shift of row.shifts) console.log(`  layout shift on ${row.screen}: ${shift}`);
  }
}

main().catch((error) => {
  console.error(`lighthouse bench FAILED: ${error?.stack ?? error}`);
  process.exit(1);
});
