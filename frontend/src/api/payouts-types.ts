// The payouts' wire shapes (docs/http-api.md, "Payouts"), written by hand until the generated
// schema has them; the one file to switch to `components['schemas']`.

/** `{"$numberDecimal": "1299.00"}`: rupees, two decimals (negative for a carried refund's commission). */
export interface PayoutMoney {
  $numberDecimal: string;
}

export type PayoutStatus = 'open' | 'due' | 'paid';

/** One order's part in a month. */
export interface PayoutOrder {
  orderId: string;
  placedAt: string;
  /** 0 for an earlier month's order whose refund completed in this one. */
  total: PayoutMoney;
  refunded: PayoutMoney;
  commission: PayoutMoney;
}

/** A brand's month. */
export interface Payout {
  brandId: string;
  brandName: string;
  /** YYYY-MM, in IST. */
  month: string;
  gross: PayoutMoney;
  refunds: PayoutMoney;
  /** A percentage: 12.5 is 12.5%. */
  commissionRate: number;
  commission: PayoutMoney;
  carriedIn: PayoutMoney;
  payout: PayoutMoney;
  carriedOut: PayoutMoney;
  status: PayoutStatus;
  paidAt: string | null;
  reference: string | null;
  /** Absent from the admin's list. */
  orders?: PayoutOrder[];
}

export interface PayoutList {
  success: boolean;
  month: string;
  payouts: Payout[];
}
