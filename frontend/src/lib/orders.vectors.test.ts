import { describe, expect, it } from 'vitest';
import { loadVectors, vectorTitle, type VectorBase } from '@/testing/vectors';
import {
  acceptsPayment,
  cancelBlockedMessage,
  cancelButton,
  cancellationReason,
  CHECKOUT_NEXT,
  checkoutAllows,
  isNeutralStatus,
  orderIdDisplay,
  refundLabel,
  statusText,
  type CheckoutState,
} from './orders';

interface StatusTextVector extends VectorBase {
  status: string | null;
  deliveryStatus: string;
  text: string;
  neutral: boolean;
}

interface RefundLabelVector extends VectorBase {
  status: string | null;
  refundStatus: string | null;
  label: string | null;
}

interface CancelVector extends VectorBase {
  status: string | null;
  deliveryStatus: string;
  alreadyRequested: boolean;
  button: { label: string; enabled: boolean };
  error: string | null;
}

interface OrderIdVector extends VectorBase {
  id: string;
  shown: string;
}

interface ReasonVector extends VectorBase {
  input: string;
  sent: string | null;
}

interface CheckoutVector extends VectorBase {
  state: CheckoutState;
  next: CheckoutState[];
  acceptsPayment: boolean;
}

describe('orders.json statusText', () => {
  const { problem, vectors } = loadVectors<StatusTextVector>('orders.json', 'statusText');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () => {
      expect(statusText(vector.status, vector.deliveryStatus)).toBe(vector.text);
      expect(isNeutralStatus(vector.deliveryStatus)).toBe(vector.neutral);
    });
  }
});

describe('orders.json refundLabel', () => {
  const { problem, vectors } = loadVectors<RefundLabelVector>('orders.json', 'refundLabel');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () => {
      expect(refundLabel(vector.status, vector.refundStatus)).toBe(vector.label);
    });
  }
});

describe('orders.json cancel', () => {
  const { problem, vectors } = loadVectors<CancelVector>('orders.json', 'cancel');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () => {
      expect(cancelButton(vector.deliveryStatus, vector.alreadyRequested)).toEqual(vector.button);
      expect(cancelBlockedMessage(vector.status, vector.deliveryStatus)).toBe(vector.error);
    });
  }
});

describe('orders.json orderId', () => {
  const { problem, vectors } = loadVectors<OrderIdVector>('orders.json', 'orderId');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () => expect(orderIdDisplay(vector.id)).toBe(vector.shown));
  }
});

describe('orders.json cancellationReason', () => {
  const { problem, vectors } = loadVectors<ReasonVector>('orders.json', 'cancellationReason');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(vectorTitle(vector), () => expect(cancellationReason(vector.input)).toBe(vector.sent));
  }
});

describe('orders.json checkout', () => {
  const { problem, vectors } = loadVectors<CheckoutVector>('orders.json', 'checkout');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  it('covers every state once, in order', () => {
    expect(vectors.map((vector) => vector.state)).toEqual(Object.keys(CHECKOUT_NEXT));
  });
  for (const vector of vectors) {
    it(vectorTitle(vector), () => {
      expect(CHECKOUT_NEXT[vector.state]).toEqual(vector.next);
      for (const next of vector.next) expect(checkoutAllows(vector.state, next)).toBe(true);
      expect(acceptsPayment(vector.state)).toBe(vector.acceptsPayment);
    });
  }
});
