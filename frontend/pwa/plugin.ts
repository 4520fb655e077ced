// The installable web app, added to `vite build`: the web app manifest, its icons, the offline
// page, the service worker with this build's static files to precache, and the links and the
// registration script in index.html. Development (`vite`) runs without a worker.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { iconPng } from './icons.ts';

const here = (file: string) => new URL(`./${file}`, import.meta.url);

// The app's name (the page title's "Casa") and the design tokens' colours.
const MANIFEST = {
  name: 'Casa · Style. Swipe. Shop.',
  short_name: 'Casa',
  description: 'Style. Swipe. Shop. Fashion delivered in 60 minutes.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#faf8f5',
  theme_color: '#d81b60',
  lang: 'en-IN',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/** The files this plugin adds to the build that the worker keeps for offline use. */
const PRECACHED: [string, () => string | Uint8Array][] = [
  ['manifest.webmanifest', () => JSON.stringify(MANIFEST, null, 2)],
  ['icons/icon-192.png', () => iconPng(192, false)],
  ['icons/icon-512.png', () => iconPng(512, false)],
  ['icons/maskable-512.png', () => iconPng(512, true)],
  ['offline.html', () => readFileSync(here('offline.html'))],
  ['offline.css', () => readFileSync(here('offline.css'))],
];

export function pwa(): Plugin {
  return {
    name: 'shop-pwa',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
        { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' }, injectTo: 'head' },
        { tag: 'script', attrs: { src: '/register-sw.js', defer: true }, injectTo: 'body' },
      ],
    },
    generateBundle(_options, bundle) {
      // Names of hashed files change with their content; the files added here keep theirs, so
      // their content goes into the version too.
      const hash = createHash('sha256');
      for (const [fileName, make] of PRECACHED) {
        const source = make();
        hash.update(source);
        this.emitFile({ type: 'asset', fileName, source });
      }
      this.emitFile({ type: 'asset', fileName: 'register-sw.js', source: readFileSync(here('register.js')) });
      // Pages are never precached (the worker fetches them), nor the build's own manifest; the
      // files emitted here are not in `bundle` yet.
      const precache = Object.keys(bundle)
        .filter((file) => !file.startsWith('.vite/') && !file.endsWith('.html'))
        .concat(PRECACHED.map(([fileName]) => fileName))
        .map((file) => `/${file}`)
        .sort();
      const version = hash.update(precache.join('\n')).digest('hex').slice(0, 16);
      const worker = readFileSync(here('sw.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const PRECACHE = ${JSON.stringify(precache)};\nconst VERSION = '${version}';\n${worker}`,
      });
    },
  };
}
