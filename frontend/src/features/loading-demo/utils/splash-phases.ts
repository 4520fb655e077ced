/** The second splash variant (000 §2.1, §9): 3000 ms by default. */
export const SPLASH_VARIANT_MS = 3000;
/** Its four phases start at 0, 800, 1600 and 2400 ms... */
export const SPLASH_PHASE_STARTS_MS = [0, 800, 1600, 2400] as const;
/** ...and it fades out during its last 800 ms. */
export const SPLASH_VARIANT_FADE_MS = 800;

export interface SplashMoment {
  /** 0 to 3: how many of the splash's lines beyond the first show. */
  phase: number;
  /** Fading out (the last 800 ms). */
  fading: boolean;
  /** Over: the splash is gone. */
  done: boolean;
}

/**
 * Where the variant is `elapsedMs` after it opened. The phase starts scale with the duration,
 * so a shorter or longer splash keeps their rhythm; the fade is always the last 800 ms (all of
 * it when shorter).
 */
export function splashMoment(elapsedMs: number, durationMs = SPLASH_VARIANT_MS): SplashMoment {
  const scale = durationMs / SPLASH_VARIANT_MS;
  const phase = SPLASH_PHASE_STARTS_MS.filter((start) => elapsedMs >= start * scale).length - 1;
  return {
    phase: Math.max(0, phase),
    fading: elapsedMs >= durationMs - SPLASH_VARIANT_FADE_MS,
    done: elapsedMs >= durationMs,
  };
}
