import { useEffect } from 'react';
import { APP_NAME } from '@/config/app';
import { OnboardingScreen } from '@/features/onboarding/components/onboarding-screen';

/** Onboarding (/onboarding, 000 §2.4). */
export function OnboardingRoute() {
  useEffect(() => {
    document.title = `Welcome · ${APP_NAME}`;
  }, []);
  return <OnboardingScreen />;
}
