import { describe, expect, it } from 'vitest';
import { QUIZ_LOOK_ORDER } from '@/config/looks';
import { lookOfAnswer, QUIZ_QUESTIONS, winningLook } from './quiz';

describe('style quiz data (001 §4, §9)', () => {
  it('asks about occasion, style, colors and accessories, four options each', () => {
    expect(QUIZ_QUESTIONS.map((question) => question.id)).toEqual([
      'occasion',
      'style',
      'colors',
      'accessories',
    ]);
    for (const question of QUIZ_QUESTIONS) {
      expect(question.options).toHaveLength(4);
      expect(new Set(question.options.map((option) => option.value)).size).toBe(4);
    }
  });

  it('spreads every question across the three looks', () => {
    for (const question of QUIZ_QUESTIONS) {
      const looks = new Set(question.options.map((option) => option.look));
      expect([...looks].sort()).toEqual([...QUIZ_LOOK_ORDER].sort());
    }
  });

  it('finds the look of an answer', () => {
    expect(lookOfAnswer(QUIZ_QUESTIONS[1]!, 'tailored')).toBe('smart-casual');
    expect(lookOfAnswer(QUIZ_QUESTIONS[1]!, 'nope')).toBeUndefined();
  });
});

describe('winningLook (001 §4)', () => {
  it('gives the look with the most votes', () => {
    expect(
      winningLook(['streetwear-king', 'smart-casual', 'streetwear-king', 'weekend-warrior']),
    ).toBe('streetwear-king');
  });

  it.each([
    [['streetwear-king', 'smart-casual', 'smart-casual', 'streetwear-king'], 'smart-casual'],
    [['streetwear-king', 'weekend-warrior', 'weekend-warrior', 'streetwear-king'], 'weekend-warrior'],
    [['streetwear-king', 'smart-casual', 'weekend-warrior'], 'weekend-warrior'],
    [['smart-casual', 'streetwear-king'], 'smart-casual'],
  ] as const)('breaks the tie %j for the earlier look, %s', (votes, winner) => {
    expect(winningLook(votes)).toBe(winner);
  });

  it('gives the first look without votes', () => {
    expect(winningLook([])).toBe('weekend-warrior');
  });
});
