// The brand console's live alerts ('New order', with a link to the orders): their own small
// store and stack, so the shop's toasts (and its first screens' weight) stay as they are.
import { create } from 'zustand';

export interface LiveAlert {
  id: number;
  tone: 'success' | 'info';
  message: string;
  link: { label: string; href: string };
}

/** How long an alert stays: long enough to reach its link. */
export const LIVE_ALERT_MS = 8000;
/** At most this many at once; the oldest go first. */
const MAX_ALERTS = 5;

let nextId = 1;

interface LiveAlertState {
  alerts: LiveAlert[];
  dismiss: (id: number) => void;
}

export const useLiveAlerts = create<LiveAlertState>((set) => ({
  alerts: [],
  dismiss: (id) => set((state) => ({ alerts: state.alerts.filter((alert) => alert.id !== id) })),
}));

export function showLiveAlert(alert: Omit<LiveAlert, 'id'>) {
  const id = nextId++;
  useLiveAlerts.setState((state) => ({ alerts: [...state.alerts, { ...alert, id }].slice(-MAX_ALERTS) }));
  return id;
}
