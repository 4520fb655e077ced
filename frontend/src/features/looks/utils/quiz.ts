// The style quiz (001 §2, §4, §9): four questions (occasion, style, colors, accessories), four
// options each, spread across the three looks; the look with the most votes wins.

import { QUIZ_LOOK_ORDER, type QuizLookKey } from '@/config/looks';

export interface QuizOption {
  text: string;
  value: string;
  look: QuizLookKey;
}

export interface QuizQuestion {
  id: 'occasion' | 'style' | 'colors' | 'accessories';
  question: string;
  options: readonly [QuizOption, QuizOption, QuizOption, QuizOption];
}

// The questions' words are ours: 001 names the four subjects, not their text.
export const QUIZ_QUESTIONS: readonly QuizQuestion[] = [
  {
    id: 'occasion',
    question: 'Where are you headed most days?',
    options: [
      { text: 'Brunch and weekend plans', value: 'weekend', look: 'weekend-warrior' },
      { text: 'Office meetings and dinners out', value: 'office', look: 'smart-casual' },
      { text: 'Gigs and late-night food runs', value: 'gigs', look: 'streetwear-king' },
      { text: 'Road trips and travel', value: 'travel', look: 'weekend-warrior' },
    ],
  },
  {
    id: 'style',
    question: 'Which fit feels most like you?',
    options: [
      { text: 'Relaxed and comfortable', value: 'relaxed', look: 'weekend-warrior' },
      { text: 'Tailored and sharp', value: 'tailored', look: 'smart-casual' },
      { text: 'Oversized and bold', value: 'oversized', look: 'streetwear-king' },
      { text: 'Clean and minimal', value: 'minimal', look: 'smart-casual' },
    ],
  },
  {
    id: 'colors',
    question: 'Which colours do you reach for?',
    options: [
      { text: 'Earthy tones and washed denim', value: 'earthy', look: 'weekend-warrior' },
      { text: 'Navy, white and classic neutrals', value: 'neutrals', look: 'smart-casual' },
      { text: 'All black with a loud accent', value: 'black', look: 'streetwear-king' },
      { text: 'Bright graphics and prints', value: 'graphics', look: 'streetwear-king' },
    ],
  },
  {
    id: 'accessories',
    question: 'Pick your finishing touch',
    options: [
      { text: 'A cap and a backpack', value: 'cap', look: 'weekend-warrior' },
      { text: 'A leather-strap watch', value: 'watch', look: 'smart-casual' },
      { text: 'Chunky sneakers and a chain', value: 'chain', look: 'streetwear-king' },
      { text: 'A stack of beaded bracelets', value: 'bracelets', look: 'weekend-warrior' },
    ],
  },
];

/** The look of the option chosen for a question, by its value. */
export function lookOfAnswer(question: QuizQuestion, value: string): QuizLookKey | undefined {
  return question.options.find((option) => option.value === value)?.look;
}

/**
 * 001 §4: the look with the most votes wins; on a tie the earlier look of QUIZ_LOOK_ORDER
 * (weekend-warrior, smart-casual, streetwear-king) wins.
 */
export function winningLook(votes: readonly QuizLookKey[]): QuizLookKey {
  const count = (look: QuizLookKey) => votes.filter((vote) => vote === look).length;
  return QUIZ_LOOK_ORDER.reduce((best, look) => (count(look) > count(best) ? look : best));
}
