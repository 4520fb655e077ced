import type { Gender } from '@/api/catalogue-types';

/** Home's gender tabs: MEN / WOMEN / UNISEX with internal keys MAN, WOMAN, UNISEX (000 §2.5). */
export type HomeGenderKey = 'MAN' | 'WOMAN' | 'UNISEX';

export interface HomeGender {
  key: HomeGenderKey;
  label: string;
  gender: Gender;
  /** Used in 'No categories found for {Men's|Women's|Unisex} section.' (000 §8). */
  sectionName: string;
}

export const HOME_GENDERS: readonly HomeGender[] = [
  { key: 'MAN', label: 'MEN', gender: 'male', sectionName: "Men's" },
  { key: 'WOMAN', label: 'WOMEN', gender: 'female', sectionName: "Women's" },
  { key: 'UNISEX', label: 'UNISEX', gender: 'unisex', sectionName: 'Unisex' },
];

export const DEFAULT_HOME_GENDER: HomeGender = HOME_GENDERS[0]!;
