import { describe, expect, it } from 'vitest';
import { placeLine } from './addresses';

describe('placeLine', () => {
  it.each([
    ['Connaught Place', 'New Delhi', 'Delhi', '110001', 'New Delhi, Delhi 110001'],
    ['Andheri, Mumbai Suburban, Maharashtra 400053', 'Mumbai Suburban', 'Maharashtra', '400053', ''],
    ['Fort, Mumbai, Maharashtra 400001 ', ' Mumbai', 'Maharashtra ', '400001', ''],
    ['Andheri, Mumbai Suburban, Maharashtra 400053', 'Mumbai', 'Maharashtra', '400001', 'Mumbai, Maharashtra 400001'],
    ['Fort', '', '', '400001', '400001'],
    ['', '', '', '', ''],
  ])('under %j with %j, %j, %j: %j', (area, city, state, pincode, expected) => {
    expect(placeLine(area, city, state, pincode)).toBe(expected);
  });
});
