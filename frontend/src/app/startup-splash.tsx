import { useEffect, useState, type ReactNode } from 'react';
import { MIN_PREPARATION_MS, SPLASH_DURATION_MS, SPLASH_FADE_MS } from '@/config/app';
import { SplashScreen } from '@/components/ui/splash-screen';

const delay = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

type Phase = 'showing' | 'leaving' | 'done';

interface StartupSplashProps {
  /** The app's own preparation (first screen's code and data); it gets at least 1 s. */
  prepare: () => Promise<unknown>;
  children: ReactNode;
}

/**
 * Start-up (000 §2.1): the splash shows about 2.5 s while the app prepares underneath for at
 * least 1 s; the app appears when both are done.
 */
export function StartupSplash({ prepare, children }: StartupSplashProps) {
  const [phase, setPhase] = useState<Phase>('showing');

  useEffect(() => {
    let cancelled = false;
    const preparation = Promise.all([delay(MIN_PREPARATION_MS), prepare().catch(() => undefined)]);
    void Promise.all([delay(SPLASH_DURATION_MS), preparation]).then(() => {
      if (!cancelled) setPhase('leaving');
    });
    return () => {
      cancelled = true;
    };
  }, [prepare]);

  useEffect(() => {
    if (phase !== 'leaving') return;
    const timer = window.setTimeout(() => setPhase('done'), SPLASH_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  return (
    <>
      <div inert={phase === 'showing'}>{children}</div>
      {phase !== 'done' && <SplashScreen leaving={phase === 'leaving'} />}
    </>
  );
}
