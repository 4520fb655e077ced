// The shop's service worker. The build (pwa/plugin.ts) puts before this file PRECACHE, the
// static files of this build (hashed assets, the offline page, the icons), and VERSION, a hash
// of that list, so every deploy installs a new worker with its own cache.
//
// - Static files come from the cache first: hashed names never change their content.
// - Page navigations go to the network; when it fails, the offline page answers instead of the
//   browser's error. Pages are never cached, so a shopper never sees a stale shell.
// - /api is never touched: no answer of the API, and so nothing of a signed-in shopper, is ever
//   stored here.
// - A new worker takes over at once (skipWaiting + clients.claim) and deletes every older cache.
const CACHE = `shop-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) {
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches.open(CACHE).then((cache) => cache.match(OFFLINE_PAGE)).then((page) => page ?? Response.error()),
      ),
    );
    return;
  }
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request))
      .then((hit) => hit ?? fetch(request)),
  );
});
