// The choices onboarding offers (000 §2.4). The specification names the age bands (000 §5,
// "Age band from an age"); the style interests and fits are not shown there and are ours: the
// looks the shop curates, and the fits its catalogue's products are cut in.

import type { OnboardingBasics } from '@/lib/validation';

export const GENDER_OPTIONS: readonly { value: OnboardingBasics['gender']; label: string }[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
];

export const AGE_RANGES: readonly string[] = ['Gen Z (18-25)', 'Millennial (26-35)', 'Other'];

export const STYLE_INTERESTS: readonly string[] = [
  'Streetwear',
  'Minimal',
  'Ethnic',
  'Casual',
  'Formal',
  'Athleisure',
  'Party',
  'Vintage',
  'Bohemian',
  'Elegant',
];

export const PREFERRED_FITS: readonly string[] = [
  'Regular Fit',
  'Relaxed Fit',
  'Slim Fit',
  'Straight Fit',
  'Oversized Fit',
  'Tailored Fit',
  'Tapered Fit',
  'Skinny Fit',
];
