// The payouts' wire shapes (docs/http-api.md, "Payouts"), from the generated schema.
import type { components } from './schema';

type Schemas = components['schemas'];

/** `{"$numberDecimal": "1299.00"}`: rupees, two decimals (negative for a carried refund's commission). */
export type PayoutMoney = Schemas['Decimal'];
export type PayoutStatus = Schemas['PayoutStatus'];
/** One order's part in a month. */
export type PayoutOrder = Schemas['PayoutOrder'];
/** A brand's month (`orders` absent from the admin's list). */
export type Payout = Schemas['Payout'];
export type PayoutList = Schemas['PayoutList'];
/** The body of POST /api/admin/payouts/{brandId}/{month}/paid. */
export type PaidBody = Schemas['PaidBody'];
