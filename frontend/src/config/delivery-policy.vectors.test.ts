import { describe, expect, it } from 'vitest';
import { loadVectors, vectorTitle, type VectorBase } from '@/testing/vectors';
import { EXPRESS_FEE_RUPEES, FREE_DELIVERY_ABOVE_RUPEES, STANDARD_DELIVERY_DAYS } from './app';

interface DeliveryPolicyVector extends VectorBase {
  free_delivery_above_paise: number;
  standard_delivery_days: number;
  express_fee_paise: number;
}

describe('delivery_policy.json', () => {
  const { problem, vectors } = loadVectors<DeliveryPolicyVector>('delivery_policy.json');
  it('is present and holds the one policy', () => {
    expect(problem).toBeNull();
    expect(vectors).toHaveLength(1);
  });
  it.each(vectors.map((vector) => [vectorTitle(vector), vector] as const))(
    "the browser's delivery facts are the server's: %s",
    (_title, vector) => {
      expect(FREE_DELIVERY_ABOVE_RUPEES * 100).toBe(vector.free_delivery_above_paise);
      expect(STANDARD_DELIVERY_DAYS).toBe(vector.standard_delivery_days);
      expect(EXPRESS_FEE_RUPEES * 100).toBe(vector.express_fee_paise);
    },
  );
});
