// The brand console's live events (docs/http-api.md, Live events): one EventSource on
// /api/brand/events while a brand console page is open. `order.placed` shows an alert (and plays
// the optional chime); every event refreshes the queries it changes, so the dashboard and the
// orders follow without a reload.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { brandEventsUrl } from '@/api/insights';
import type { BrandEvent, BrandEventType } from '@/api/insights-types';
import { brandOrderKeys } from '@/api/brand';
import { consolePaths } from '@/config/console-paths';
import { useBrandParam, useConsoleAllowed } from '../components/console-frame';
import { showLiveAlert } from '../utils/live-alerts';
import { playOrderChime, useOrderSound } from '../utils/order-sound';
import { insightsKeys } from './use-insights';

export const BRAND_EVENT_TYPES: readonly BrandEventType[] = [
  'order.placed',
  'cancellation.requested',
  'refund.completed',
  'stock.low',
];

export const LIVE_TEXTS = {
  newOrder: 'New order',
  cancellation: 'A shopper asked to cancel an order',
  viewOrders: 'View orders',
} as const;

/** First wait before opening a stream the server closed, doubled up to the last. */
const RETRY_MS = [2000, 4000, 8000, 16000, 30000];

function parse(data: unknown): BrandEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as Partial<BrandEvent> | null;
    return event && typeof event.type === 'string' ? (event as BrandEvent) : null;
  } catch {
    return null;
  }
}

/** What one event changes: its alert, its sound, the queries to read again. */
export function applyBrandEvent(client: QueryClient, event: BrandEvent) {
  const ordersLink = { label: LIVE_TEXTS.viewOrders, href: consolePaths.brandOrders.getHref() };
  const refresh = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  switch (event.type) {
    case 'order.placed':
      showLiveAlert({ tone: 'success', message: LIVE_TEXTS.newOrder, link: ordersLink });
      if (useOrderSound.getState().on) playOrderChime();
      refresh(insightsKeys.all);
      refresh(brandOrderKeys.all);
      // An order takes stock: the products' stock columns change too.
      refresh(['console', 'products']);
      break;
    case 'cancellation.requested':
      showLiveAlert({ tone: 'info', message: LIVE_TEXTS.cancellation, link: ordersLink });
      refresh(brandOrderKeys.all);
      break;
    case 'refund.completed':
      refresh(insightsKeys.all);
      refresh(brandOrderKeys.all);
      break;
    case 'stock.low':
      refresh([...insightsKeys.all, 'low-stock']);
      refresh(['console', 'products']);
      if (event.productId) refresh(['console', 'product', event.productId]);
      break;
  }
}

/**
 * Opens the stream and keeps it open: the browser reconnects by itself after a dropped
 * connection (sending Last-Event-ID); when the server closes it for good (an error answer), a new
 * one is opened after a growing wait, resuming after the last event seen (`lastEventId`).
 * Answers a function that closes it.
 */
export function connectBrandEvents(
  brandId: string | undefined,
  onEvent: (event: BrandEvent) => void,
): () => void {
  let source: EventSource | null = null;
  let lastEventId: string | undefined;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const listener = (message: Event) => {
    const { data, lastEventId: id } = message as MessageEvent<unknown>;
    if (id) lastEventId = id;
    failures = 0;
    const event = parse(data);
    if (event) onEvent(event);
  };

  const open = () => {
    if (closed) return;
    source = new EventSource(brandEventsUrl({ brandId, lastEventId }), { withCredentials: true });
    for (const type of BRAND_EVENT_TYPES) source.addEventListener(type, listener);
    source.onopen = () => {
      failures = 0;
    };
    source.onerror = () => {
      if (!source || source.readyState !== EventSource.CLOSED) return;
      source = null;
      const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
      failures += 1;
      timer = setTimeout(open, wait);
    };
  };

  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}

/** Keeps the brand's live events flowing while a brand console page is open. */
export function useBrandEvents() {
  const allowed = useConsoleAllowed();
  const brandId = useBrandParam();
  const client = useQueryClient();
  useEffect(() => {
    if (!allowed || typeof EventSource === 'undefined') return undefined;
    return connectBrandEvents(brandId, (event) => applyBrandEvent(client, event));
  }, [allowed, brandId, client]);
}
