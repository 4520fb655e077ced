import { api } from '@/api/client';
import type { components } from '@/api/schema';
import type { ServerUser } from '@/stores/session';

type RegisterRequest = components['schemas']['RegisterRequest'];
type Answered = 'email' | 'display_name' | 'gender' | 'ageRange' | 'interests' | 'ml_preferences';

/** Onboarding's answers (000 §2.4, §7); sending all three of the last completes onboarding. */
export type OnboardingAnswers = Pick<RegisterRequest, 'location'> & {
  [K in Answered]-?: NonNullable<RegisterRequest[K]>;
};

/** Registration of the caller's own record (docs/http-api.md, Users): answers the user, updated. */
export const completeOnboarding = (answers: OnboardingAnswers) =>
  api.post<ServerUser>('/users', answers);
