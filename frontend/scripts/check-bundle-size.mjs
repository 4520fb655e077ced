// The initial JavaScript of the shop's first screens, gzipped, against its budget (000 §2.1's
// '/' and '/home' are what a shopper opens first). Reads the manifest of `vite build` and sums,
// per route, the entry chunk, the route's lazy module and everything they import statically:
// exactly what the browser must download before the screen can draw. Deterministic for a
// given build; fails (exit 1) above the budget.
//
//   npm run build && npm run size
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const BUDGET_BYTES = 120 * 1024;

/** Each first screen and the module its lazy route loads (see src/app/router.tsx). */
const ROUTES = {
  '/': 'src/app/routes/swipe.tsx',
  '/home': 'src/app/routes/home.tsx',
};

function fail(message) {
  console.error(`bundle size: ${message}`);
  process.exit(1);
}

let manifest;
try {
  manifest = JSON.parse(readFileSync(`${DIST}.vite/manifest.json`, 'utf8'));
} catch (error) {
  fail(`cannot read dist/.vite/manifest.json (${error.message}); run \`npm run build\` first`);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) fail('the manifest has no entry chunk');

/** The chunk files `key` needs before it runs: itself and its static imports, recursively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) fail(`${key} is not in the manifest: update ROUTES in scripts/check-bundle-size.mjs`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(`${DIST}${file}`), { level: 9 }).length);
  return gzipped.get(file);
}

let over = false;
for (const [route, module] of Object.entries(ROUTES)) {
  const files = closure(module, closure(entryKey));
  const total = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const verdict = total <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET';
  console.log(`${route.padEnd(6)} ${kb(total)} gzip of ${kb(BUDGET_BYTES)} (${files.size} files) ${verdict}`);
  if (total > BUDGET_BYTES) {
    over = true;
    for (const file of [...files].sort((a, b) => gzipSize(b) - gzipSize(a))) {
      console.log(`         ${kb(gzipSize(file)).padStart(9)}  ${file}`);
    }
  }
}
if (over) fail(`the initial JavaScript of a first screen is above ${BUDGET_BYTES / 1024} KB gzip`);
