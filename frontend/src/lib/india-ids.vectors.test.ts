import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bankAccount, gstin, gstinCheckCharacter, ifsc, indianMobile, maskAccount, pan, type IdResult } from './india-ids';

// The vectors the Rust `validation` crate is tested against too.
const FILE = '../crates/validation/tests/vectors/india-ids.json';

interface Vector {
  value: string;
  valid: boolean;
  reason: string;
  gstin?: string;
}

type Table = 'gstin' | 'pan' | 'ifsc' | 'bankAccount' | 'mobile';

const RULES: Record<Table, (v: Vector) => IdResult> = {
  gstin: (v) => gstin(v.value),
  pan: (v) => pan(v.value, v.gstin),
  ifsc: (v) => ifsc(v.value),
  bankAccount: (v) => bankAccount(v.value),
  mobile: (v) => indianMobile(v.value),
};

describe('india-ids.json', () => {
  it('is present', () => expect(existsSync(FILE)).toBe(true));
  const tables = existsSync(FILE)
    ? (JSON.parse(readFileSync(FILE, 'utf8')) as Record<Table, Vector[]>)
    : null;
  for (const table of Object.keys(RULES) as Table[]) {
    const vectors = tables?.[table] ?? [];
    it(`${table} has vectors`, () => expect(vectors.length).toBeGreaterThan(0));
    for (const vector of vectors) {
      it(`${table} ${JSON.stringify(vector.value)}: ${vector.reason}`, () => {
        const result = RULES[table](vector);
        if (vector.valid) expect(result.ok).toBe(true);
        else expect(result.ok ? 'valid' : result.reason).toBe(vector.reason);
      });
    }
  }
});

describe('india ids', () => {
  it("computes the published example's check character", () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });
  it('masks all but the last 4 digits', () => {
    expect(maskAccount('501001234567')).toBe('XXXXXXXX4567');
  });
});
