// The curated looks (001 §9) and the style quiz's results (001 §4). Shared by home's Iconic
// Looks, the look pages, the style quiz and the collection's style banner.

import type { Gender } from '@/api/catalogue-types';

export type LookId = 'streetwear' | 'formal' | 'casual' | 'elegant' | 'party' | 'casual-women';

export interface Look {
  id: LookId;
  title: string;
  subtitle: string;
  description: string;
  /** Hero image of the look page and the home tile. */
  image: string;
  /** Category names fetched in turn (001 §7 look page logic, §9). */
  categories: readonly string[];
  /** Tags tried after the categories (001 §7). */
  tags: readonly string[];
  gender: Extract<Gender, 'male' | 'female'>;
}

const banner = (name: string) => `/api/media/banner/${name}.svg`;

/** 001 §9: the six looks and their category lists. */
export const LOOKS: Record<LookId, Look> = {
  streetwear: {
    id: 'streetwear',
    title: 'Streetwear',
    subtitle: 'Oversized, loud and easy',
    description:
      'Boxy tees, cargos with room to move and a hoodie for the late-night chai run: the uniform of the city after dark.',
    image: banner('look-streetwear'),
    categories: ['Oversized T-shirt', 'Cargos & Parachutes', 'Hoodies'],
    tags: ['streetwear', 'casual'],
    gender: 'male',
  },
  formal: {
    id: 'formal',
    title: 'Formal',
    subtitle: 'Sharp from desk to dinner',
    description:
      'Crisp shirts, tailored trousers and a watch that means business: dressed for the meeting and whatever comes after.',
    image: banner('look-formal'),
    categories: ['Shirt', 'Trousers', 'Watches'],
    tags: ['formal', 'casual'],
    gender: 'male',
  },
  casual: {
    id: 'casual',
    title: 'Casual',
    subtitle: 'Weekend, every day',
    description: 'Soft hoodies, the jeans you live in and a bracelet or two: comfort that still looks put together.',
    image: banner('look-casual'),
    categories: ['Hoodies', 'Jeans', 'Bracelets'],
    tags: ['casual', 'streetwear'],
    gender: 'male',
  },
  elegant: {
    id: 'elegant',
    title: 'Elegant',
    subtitle: 'Quietly powerful',
    description: 'A structured blazer, a waistcoat and wide trousers: polish that never tries too hard.',
    image: banner('look-elegant'),
    categories: ['Blazer', 'Waistcoats', 'Trousers'],
    tags: ['elegant', 'casual'],
    gender: 'female',
  },
  party: {
    id: 'party',
    title: 'Party',
    subtitle: 'Made for the dance floor',
    description: 'Dresses that move, skirts that swing and tops that catch the light: the night is yours.',
    image: banner('look-party'),
    categories: ['Dresses', 'Skirt', 'Tops'],
    tags: ['party', 'elegant'],
    gender: 'female',
  },
  'casual-women': {
    id: 'casual-women',
    title: 'Casual',
    subtitle: 'Easy, breezy, yours',
    description: 'Relaxed tops with pants and trousers that go from brunch to the bookshop without a second thought.',
    image: banner('look-casual-women'),
    categories: ['Tops', 'Pants', 'Trousers'],
    tags: ['casual', 'elegant'],
    gender: 'female',
  },
};

export function isLookId(value: string | undefined): value is LookId {
  return value !== undefined && Object.hasOwn(LOOKS, value);
}

/** 000 §2.5: three Iconic Looks per gender; unisex shows the women's set. */
export const ICONIC_LOOKS: Record<Gender, readonly LookId[]> = {
  male: ['streetwear', 'formal', 'casual'],
  female: ['elegant', 'casual-women', 'party'],
  unisex: ['elegant', 'casual-women', 'party'],
};

export type QuizLookKey = 'weekend-warrior' | 'smart-casual' | 'streetwear-king';

export interface QuizLook {
  key: QuizLookKey;
  title: string;
  description: string;
  /** The look page that shows it. */
  lookId: LookId;
}

/** 001 §4: the style quiz's three results, in the order that breaks ties (earlier wins). */
export const QUIZ_LOOKS: Record<QuizLookKey, QuizLook> = {
  'weekend-warrior': {
    key: 'weekend-warrior',
    title: 'Weekend Warrior',
    description: 'Relaxed, comfortable and always ready to go: hoodies, denim and sneakers.',
    lookId: 'casual',
  },
  'smart-casual': {
    key: 'smart-casual',
    title: 'Smart Casual',
    description: 'Polished without trying: crisp shirts, tailored trousers and a good watch.',
    lookId: 'formal',
  },
  'streetwear-king': {
    key: 'streetwear-king',
    title: 'Streetwear King',
    description: 'Bold, oversized and loud: graphic tees, cargos and statement hoodies.',
    lookId: 'streetwear',
  },
};

export const QUIZ_LOOK_ORDER: readonly QuizLookKey[] = ['weekend-warrior', 'smart-casual', 'streetwear-king'];

export function isQuizLookKey(value: string | null | undefined): value is QuizLookKey {
  return typeof value === 'string' && Object.hasOwn(QUIZ_LOOKS, value);
}
