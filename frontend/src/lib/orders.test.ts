import { describe, expect, it } from 'vitest';
import { deliveryMoves } from './orders';

// The same cases as the orders crate's delivery-move tables (crates/orders/src/moves.rs).
describe('deliveryMoves', () => {
  it.each([
    ['pending', ['Accepted', 'Processing', 'Shipped', 'Out for Delivery', 'Delivered']],
    ['Accepted', ['Processing', 'Shipped', 'Out for Delivery', 'Delivered']],
    ['Processing', ['Shipped', 'Out for Delivery', 'Delivered']],
    ['Shipped', ['Out for Delivery', 'Delivered']],
    ['Out for Delivery', ['Delivered']],
    ['PENDING', ['Accepted', 'Processing', 'Shipped', 'Out for Delivery', 'Delivered']],
    [' shipped ', ['Out for Delivery', 'Delivered']],
  ])('moves %j forward to any later step', (from, moves) => {
    expect(deliveryMoves(from, null)).toEqual(moves);
  });

  it.each(['Delivered', 'Cancelled', 'Cancellation Requested', 'Packed', ''])(
    'has no move from %j',
    (from) => {
      expect(deliveryMoves(from, null)).toEqual([]);
    },
  );

  it('has no move for a cancelled order, whatever its delivery status says', () => {
    expect(deliveryMoves('Processing', 'cancelled')).toEqual([]);
  });

  it('goes on after a rejected cancellation', () => {
    expect(deliveryMoves('Processing', 'cancel_rejected')).toEqual([
      'Shipped',
      'Out for Delivery',
      'Delivered',
    ]);
  });
});
