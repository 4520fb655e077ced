import { describe, expect, it } from 'vitest';
import { istMonth, previousMonth } from '@/api/payouts';
import { moneyText, paiseOf, rateText } from './payout-format';

describe('payout figures', () => {
  it.each([
    ['0.00', 0],
    ['1299.00', 129_900],
    ['-70.50', -7_050],
    ['0.05', 5],
    ['12', 0],
    ['abc', 0],
  ])('reads %s as %i paise', (text, paise) => {
    expect(paiseOf({ $numberDecimal: text })).toBe(paise);
  });

  it('shows rupees with paise, negative ones too', () => {
    expect(moneyText({ $numberDecimal: '123456.50' })).toBe('₹1,23,456.50');
    expect(moneyText({ $numberDecimal: '-70.00' })).toBe('-₹70.00');
    expect(rateText(12.5)).toBe('12.5%');
  });

  it('names months in IST', () => {
    // 18:29 UTC on 30 November is 23:59 IST; a minute later it is December in India.
    expect(istMonth(new Date('2026-11-30T18:29:00Z'))).toBe('2026-11');
    expect(istMonth(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
  });
});
