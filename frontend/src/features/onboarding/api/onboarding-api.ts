import { api } from '@/api/client';
import type { ServerUser } from '@/stores/session';

/** Onboarding's answers (000 §2.4, §7); sending all three of the last completes onboarding. */
export interface OnboardingAnswers {
  email: string;
  display_name: string;
  gender: string;
  ageRange: string;
  interests: string[];
  ml_preferences: string[];
  location?: string;
}

/** Registration of the caller's own record (docs/http-api.md, Users): answers the user, updated. */
export const completeOnboarding = (answers: OnboardingAnswers) =>
  api.post<ServerUser>('/users', answers);
