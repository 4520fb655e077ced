import { http, HttpResponse } from 'msw';
import { productFixtures } from './fixtures';

// Default answers of the API for component tests; a test overrides with server.use(...).
export const handlers = [
  http.get('*/api/products', ({ request }) => {
    const limit = Number(new URL(request.url).searchParams.get('limit') ?? productFixtures.length);
    return HttpResponse.json(productFixtures.slice(0, limit));
  }),
  // Product art: any image request answers a tiny SVG.
  http.get('*/api/media/*', () =>
    new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="5"/>', {
      headers: { 'Content-Type': 'image/svg+xml' },
    }),
  ),
];
