import { http, HttpResponse } from 'msw';
import type { Bag, BagItem } from '@/api/bag';
import { displayPrice, parsePaise } from '@/lib/money';
import { brandName, type Product } from '@/lib/product';
import { productFixtures } from './fixtures';

// The bag calls (docs/http-api.md, "Bag") as the API answers them, over the product fixtures.

/** Stock of a size the fixture does not list (a product without a stock map). */
const STOCK_WITHOUT_MAP = 10;
const MAX_LINE = 99;

const rupees = (paise: number) => ({ $numberDecimal: (paise / 100).toFixed(2) });

const brandOf = (product: Product) =>
  typeof product.brand === 'object' && product.brand !== null
    ? { _id: product.brand._id, name: product.brand.name }
    : { _id: `brand-${product._id}`, name: brandName(product) };

const stockOf = (product: Product, size: string) =>
  product.stock ? (product.stock[size] ?? 0) : STOCK_WITHOUT_MAP;

/** Today's price of one item: the offer price, never a coupon (coupons apply at checkout). */
const unitPaise = (product: Product) =>
  displayPrice({ price: product.price, offerPercentage: product.offerPercentage }).finalPaise;

export interface LineSpec {
  product: Product;
  size: string;
  quantity: number;
  /** What one item cost when it was added, in paise; today's price unless given. */
  paidPaise?: number;
  /** How many of the size are left; the fixture's stock unless given. */
  inStock?: number;
  /** Why the line can no longer be bought (its product archived); on sale unless given. */
  unavailableReason?: string;
}

/** A line as the bag answers it. */
export function bagItem({
  product,
  size,
  quantity,
  paidPaise,
  inStock,
  unavailableReason,
}: LineSpec): BagItem {
  const unit = unitPaise(product);
  const paid = paidPaise ?? unit;
  return {
    product: {
      _id: product._id,
      name: product.name,
      brand: brandOf(product),
      images: product.images ?? [],
      price: rupees(parsePaise(product.price)),
      offerPercentage: product.offerPercentage ?? 0,
      sizes: product.sizes ?? [],
    },
    size,
    quantity,
    priceAtAdd: rupees(paid),
    unitPrice: rupees(unit),
    lineTotal: rupees(unit * quantity),
    priceChanged: paid !== unit,
    inStock: inStock ?? stockOf(product, size),
    available: unavailableReason === undefined,
    unavailableReason: unavailableReason ?? null,
  };
}

/** The whole bag of these lines, totals and brand included. */
export function bagOf(lines: LineSpec[]): Bag {
  const items = lines.map(bagItem);
  const totalPaise = lines.reduce((sum, line) => sum + unitPaise(line.product) * line.quantity, 0);
  return {
    items,
    totalAmount: rupees(totalPaise),
    totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
    brand: lines[0] ? brandOf(lines[0].product) : null,
    priceChanged: items.some((item) => item.priceChanged),
  };
}

const failure = (status: number, code: string, error: string, more: object = {}) =>
  HttpResponse.json({ error, code, ...more }, { status });
const productNotFound = () => failure(404, 'PRODUCT_NOT_FOUND', 'Product not found.');
const notInBag = () => failure(404, 'NOT_FOUND', 'That item is not in your bag.');

const findIn = (catalogue: readonly Product[], id: unknown) =>
  catalogue.find((product) => product._id === id);

interface AddBody {
  productId?: unknown;
  size?: unknown;
  quantity?: unknown;
}

/**
 * A signed-in shopper's bag that the calls change, with the server's rules (one brand at a
 * time, stock, 99 a line), for one test: `server.use(...bag.handlers)`. `lines()` is the bag as
 * the server now holds it; `calls` lists each change as "METHOD path body". Adds find their
 * product in `catalogue`.
 */
export function bagState(initial: LineSpec[] = [], catalogue: readonly Product[] = productFixtures) {
  let lines = initial.map((line) => ({ ...line }));
  const calls: string[] = [];
  const answer = () => HttpResponse.json(bagOf(lines));
  const find = (productId: unknown, size: unknown) =>
    lines.find((line) => line.product._id === productId && line.size === size);
  const limit = (line: LineSpec) => Math.min(line.inStock ?? stockOf(line.product, line.size), MAX_LINE);
  const stockRefusal = (available: number, size: string) =>
    failure(
      422,
      'NOT_ENOUGH_STOCK',
      available === 0 ? `Size ${size} is out of stock.` : `Only ${available} left in size ${size}.`,
      { available },
    );

  /** Adds to the line of that product and size; `switching` empties the bag first. */
  async function add(request: Request, switching: boolean) {
    const body = (await request.json()) as AddBody;
    calls.push(`POST ${new URL(request.url).pathname} ${JSON.stringify(body)}`);
    const product = findIn(catalogue, body.productId);
    if (!product) return productNotFound();
    const size = String(body.size);
    const quantity = typeof body.quantity === 'number' ? body.quantity : 1;
    const current = lines[0] && brandOf(lines[0].product);
    const incoming = brandOf(product);
    if (!switching && current && current._id !== incoming._id) {
      return failure(
        409,
        'BRAND_CONFLICT',
        `Your bag has items from ${current.name}. Switch to ${incoming.name}?`,
        { currentBrand: current, newBrand: incoming },
      );
    }
    const kept = switching ? [] : lines;
    const existing = kept.find((line) => line.product._id === product._id && line.size === size);
    const line = existing ?? { product, size, quantity: 0 };
    const available = limit(line);
    if (line.quantity + quantity > available) return stockRefusal(available, size);
    lines = existing
      ? kept.map((other) => (other === existing ? { ...other, quantity: other.quantity + quantity } : other))
      : [...kept, { ...line, quantity }];
    return answer();
  }

  const handlers = [
    http.get('*/api/cart', answer),
    http.post('*/api/cart/items', ({ request }) => add(request, false)),
    http.post('*/api/cart/switch-brand', ({ request }) => add(request, true)),
    http.put('*/api/cart/items/:productId/:size', async ({ params, request }) => {
      const { quantity } = (await request.json()) as { quantity: number };
      calls.push(`PUT /api/cart/items/${String(params.productId)}/${String(params.size)} ${quantity}`);
      const line = find(params.productId, params.size);
      if (!line) return notInBag();
      if (quantity > limit(line)) return stockRefusal(limit(line), line.size);
      lines =
        quantity === 0
          ? lines.filter((other) => other !== line)
          : lines.map((other) => (other === line ? { ...other, quantity } : other));
      return answer();
    }),
    http.delete('*/api/cart/items/:productId/:size', ({ params }) => {
      calls.push(`DELETE /api/cart/items/${String(params.productId)}/${String(params.size)}`);
      const line = find(params.productId, params.size);
      if (!line) return notInBag();
      lines = lines.filter((other) => other !== line);
      return answer();
    }),
    http.delete('*/api/cart', () => {
      calls.push('DELETE /api/cart');
      lines = [];
      return answer();
    }),
  ];
  return { handlers, lines: () => lines, calls };
}

/**
 * The defaults every test gets: an empty bag that does not remember changes (a test that needs
 * that uses `bagState`), so no test leaks a bag into the next.
 */
export const bagHandlers = [
  http.get('*/api/cart', () => HttpResponse.json(bagOf([]))),
  http.post('*/api/cart/items', async ({ request }) => {
    const body = (await request.json()) as AddBody;
    const product = findIn(productFixtures, body.productId);
    if (!product) return productNotFound();
    const quantity = typeof body.quantity === 'number' ? body.quantity : 1;
    return HttpResponse.json(bagOf([{ product, size: String(body.size), quantity }]));
  }),
  http.put('*/api/cart/items/:productId/:size', notInBag),
  http.delete('*/api/cart/items/:productId/:size', notInBag),
  http.delete('*/api/cart', () => HttpResponse.json(bagOf([]))),
];
