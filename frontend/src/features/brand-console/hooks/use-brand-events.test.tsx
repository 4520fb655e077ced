import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useSessionActions } from '@/stores/session';
import { server } from '@/testing/mocks/server';
import { serverUser } from '@/testing/mocks/users';
import { act, renderApp, renderHook, screen, waitFor, within } from '@/testing/test-utils';
import { DASHBOARD_TEXTS as TEXTS } from '@/features/brand-console/utils/dashboard-texts';
import { ORDER_SOUND_KEY } from '@/features/brand-console/utils/order-sound';
import { connectBrandEvents, LIVE_TEXTS } from './use-brand-events';

/** Stands in for the browser's EventSource: the test sends events and failures by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  readonly url: string;
  readonly init?: EventSourceInit;

  constructor(url: string, init?: EventSourceInit) {
    this.url = url;
    this.init = init;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  emit(type: string, data: object, id: string) {
    this.emitRaw(type, JSON.stringify({ type, ...data }), id);
  }

  emitRaw(type: string, data: string, id: string) {
    const event = new MessageEvent(type, { data, lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The server closed the stream for good (an error answer): the browser gives up. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }
}

let oscillators = 0;
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = () => Promise.resolve();
  createOscillator() {
    oscillators += 1;
    return { type: '', frequency: { setValueAtTime() {} }, connect: (node: unknown) => node, start() {}, stop() {} };
  }
  createGain() {
    return {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: (node: unknown) => node,
    };
  }
}

const order = { brandId: 'b1', orderId: 'o9', productId: null, size: null, units: null, at: '2026-11-28T10:00:00Z' };

function signInAs(role: 0 | 1 | 2) {
  const { result } = renderHook(() => useSessionActions());
  act(() => result.current.loggedIn(serverUser({ role, email: 'team@loom.in' })));
}

function countCalls(path: string) {
  const counter = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === path) counter.count += 1;
  });
  return counter;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  oscillators = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('AudioContext', FakeAudioContext);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Brand console: live events', () => {
  it('opens one stream for the console, toasts a new order and refreshes the dashboard', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('*/api/brand/products', () => HttpResponse.json({ success: true, products: [], total: 0, page: 1, limit: 20 })),
    );
    const summaries = countCalls('/api/brand/insights/summary');
    signInAs(1);
    renderApp('/brand');
    await screen.findByRole('list', { name: TEXTS.kpis }, { timeout: 5000 });
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/brand/events');
    expect(stream.init).toEqual({ withCredentials: true });
    const before = summaries.count;

    act(() => stream.emit('order.placed', order, '41'));
    const toast = await screen.findByText(LIVE_TEXTS.newOrder);
    const link = within(toast.closest('[role="status"]') as HTMLElement).getByRole('link', { name: LIVE_TEXTS.viewOrders });
    expect(link).toHaveAttribute('href', '/brand/orders');
    await waitFor(() => expect(summaries.count).toBeGreaterThan(before));
    // No sound unless the team turned it on.
    expect(oscillators).toBe(0);

    // Other console pages keep the same stream.
    await user.click(screen.getByRole('link', { name: 'Products' }));
    await screen.findByRole('heading', { name: 'Products', level: 1 }, { timeout: 5000 });
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(stream.readyState).not.toBe(FakeEventSource.CLOSED);
  });

  it('refreshes low stock on stock.low', async () => {
    const lowStock = countCalls('/api/brand/insights/low-stock');
    signInAs(1);
    renderApp('/brand');
    await screen.findByRole('list', { name: TEXTS.kpis }, { timeout: 5000 });
    await waitFor(() => expect(lowStock.count).toBe(1));
    act(() =>
      FakeEventSource.latest().emit('stock.low', { ...order, orderId: null, productId: 'p1', size: 'S', units: 1 }, '42'),
    );
    await waitFor(() => expect(lowStock.count).toBe(2));
    expect(screen.queryByText(LIVE_TEXTS.newOrder)).not.toBeInTheDocument();
  });

  it('plays the chime once the team turns the sound on, and remembers it', async () => {
    const user = userEvent.setup();
    signInAs(1);
    renderApp('/brand');
    const toggle = await screen.findByRole('switch', { name: TEXTS.soundOff }, { timeout: 5000 });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(screen.getByRole('switch', { name: TEXTS.soundOn })).toBeChecked();
    expect(window.localStorage.getItem(ORDER_SOUND_KEY)).toBe('on');
    const afterPreview = oscillators;
    expect(afterPreview).toBeGreaterThan(0);
    act(() => FakeEventSource.latest().emit('order.placed', order, '43'));
    expect(oscillators).toBeGreaterThan(afterPreview);
  });

  it("opens a new stream for an admin's brand and closes the old one", async () => {
    const user = userEvent.setup();
    server.use(http.get('*/api/admin/brands', () => HttpResponse.json({ brands: [{ _id: 'b1', name: 'Loom' }] })));
    signInAs(2);
    renderApp('/brand');
    await screen.findByRole('option', { name: 'Loom' }, { timeout: 5000 });
    const first = FakeEventSource.latest();
    expect(first.url).toBe('/api/brand/events');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'b1');
    await waitFor(() => expect(FakeEventSource.latest().url).toBe('/api/brand/events?brandId=b1'));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens no stream for a shopper', async () => {
    signInAs(0);
    renderApp('/brand');
    await screen.findByText('The brand console is for brand teams', {}, { timeout: 5000 });
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});

describe('connectBrandEvents', () => {
  it('reopens a stream the server closed, after a wait, from the last event seen', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const close = connectBrandEvents('b1', (event) => seen.push(event.type));
    const first = FakeEventSource.latest();
    first.emit('order.placed', order, '41');
    first.emit('refund.completed', order, '44');
    expect(seen).toEqual(['order.placed', 'refund.completed']);

    first.fail();
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe('/api/brand/events?brandId=b1&lastEventId=44');

    // Failing again waits longer.
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(2000);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(2000);
    expect(FakeEventSource.instances).toHaveLength(3);

    close();
    expect(FakeEventSource.latest().readyState).toBe(FakeEventSource.CLOSED);
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(60000);
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('ignores data that is not an event', () => {
    const seen: string[] = [];
    const close = connectBrandEvents(undefined, (event) => seen.push(event.type));
    const stream = FakeEventSource.latest();
    expect(() => stream.emitRaw('order.placed', 'not json', '1')).not.toThrow();
    stream.emitRaw('order.placed', '{"no":"type"}', '2');
    expect(seen).toEqual([]);
    close();
  });
});
