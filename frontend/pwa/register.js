// Registers the service worker once the page has loaded, so it never competes with the first
// screen. A separate file, not in the app's bundle: the first screens' JavaScript budget stays
// untouched, and the Content-Security-Policy allows no inline script.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a worker the shop still works online; only the offline page is missing.
    });
  });
}
