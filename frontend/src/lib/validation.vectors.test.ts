import { describe, expect, it } from 'vitest';
import { loadVectors, vectorTitle, type VectorBase } from '@/testing/vectors';
import { RULES, type RuleName } from './validation';

interface ValidationVector extends VectorBase {
  rule: RuleName;
  input: unknown;
  expected: Record<string, string>;
}

describe('validation.json', () => {
  const { problem, vectors } = loadVectors<ValidationVector>('validation.json');
  it('is present and holds vectors', () => expect(problem).toBeNull());
  for (const vector of vectors) {
    it(`${vector.rule} ${vectorTitle(vector)}`, () => {
      const rule = RULES[vector.rule] as ((input: unknown) => Record<string, string>) | undefined;
      expect(rule, `no rule named ${vector.rule}`).toBeDefined();
      expect(rule?.(vector.input)).toEqual(vector.expected);
    });
  }
});
