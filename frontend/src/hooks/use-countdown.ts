import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Whole seconds left until a deadline, for the resend button (000 §2.3). Counts from the clock,
 * not from ticks, so a throttled background tab still shows the right number.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  const running = secondsLeft > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  const start = useCallback((seconds: number) => {
    const startedAt = Date.now();
    setNow(startedAt);
    setDeadline(startedAt + seconds * 1000);
  }, []);
  const stop = useCallback(() => setDeadline(null), []);

  return { secondsLeft, start, stop };
}
