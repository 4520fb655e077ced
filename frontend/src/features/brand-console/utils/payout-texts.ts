// The brand's payouts page's words.
import type { Payout } from '@/api/payouts-types';
import { placedText } from '@/lib/payout-format';

export const PAYOUT_TEXTS = {
  title: 'Payouts',
  month: 'Month',
  export: 'Download CSV',
  loading: 'Loading the month...',
  figures: 'The month in figures',
  ordersLabel: 'Orders of the month',
  noOrders: 'No orders this month',
  noOrdersHint: 'Orders placed and refunds completed in the month show here.',
  pickBrand: 'Pick a brand',
  pickBrandHint: 'Payouts are per brand: choose one with the brand picker above.',
  badMonth: 'Pick a month.',
  carriedOut: (amount: string) => `${amount} is carried into next month.`,
  statusHint: (payout: Payout) =>
    payout.status === 'paid'
      ? `Paid${payout.paidAt ? ` on ${placedText(payout.paidAt)}` : ''}, reference ${payout.reference ?? ''}.`
      : payout.status === 'due'
        ? 'The month has ended: this payout is due.'
        : 'The month is still open: its figures change as orders and refunds come in.',
} as const;
