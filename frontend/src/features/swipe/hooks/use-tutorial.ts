import { useEffect, useState, type RefObject } from 'react';
import { TUTORIAL_FIRST_SHOW_MS, TUTORIAL_STEP_MS, TUTORIAL_STEPS } from '@/lib/swipe';
import { hasSeenTutorial, markTutorialSeen } from '../utils/tutorial-seen';

export interface Tutorial {
  /** The step showing, from 0; null while the tutorial is closed. */
  step: number | null;
  open: () => void;
  close: () => void;
}

/**
 * The swipe tutorial (001 §4): 2 steps of 2 s each, then it closes by itself. On the first visit
 * it opens 1 s after the screen (`screenRef`) can be seen; the tutorial button opens it any time.
 */
export function useTutorial(screenRef: RefObject<HTMLElement | null>): Tutorial {
  const [step, setStep] = useState<number | null>(null);

  useEffect(() => {
    const screen = screenRef.current;
    if (!screen || hasSeenTutorial()) return;
    let timer = 0;
    // At start-up the screen renders under the splash, inert, for 2.5 s: the second counts from
    // when the splash lets go, or the shopper would miss most of the tutorial.
    const armOnceVisible = () => {
      if (timer || screen.closest('[inert]')) return;
      observer.disconnect();
      timer = window.setTimeout(() => {
        markTutorialSeen();
        // Opened with the button in the meantime: leave it where it is.
        setStep((current) => current ?? 0);
      }, TUTORIAL_FIRST_SHOW_MS);
    };
    const observer = new MutationObserver(armOnceVisible);
    observer.observe(document.body, { attributes: true, attributeFilter: ['inert'], subtree: true });
    armOnceVisible();
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [screenRef]);

  useEffect(() => {
    if (step === null) return;
    const timer = window.setTimeout(
      () => setStep(step + 1 < TUTORIAL_STEPS ? step + 1 : null),
      TUTORIAL_STEP_MS,
    );
    return () => window.clearTimeout(timer);
  }, [step]);

  return {
    step,
    open: () => {
      markTutorialSeen();
      setStep(0);
    },
    close: () => setStep(null),
  };
}
