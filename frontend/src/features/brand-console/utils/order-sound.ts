// The brand console's optional order sound: off unless the team turns it on (remembered in
// localStorage on this browser); a short two-note WebAudio tone, no audio file to download.
import { create } from 'zustand';

export const ORDER_SOUND_KEY = 'brandConsole.orderSound';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

interface OrderSoundState {
  on: boolean;
  setOn: (on: boolean) => void;
}

export const useOrderSound = create<OrderSoundState>((set) => ({
  on: storage()?.getItem(ORDER_SOUND_KEY) === 'on',
  setOn: (on) => {
    try {
      if (on) storage()?.setItem(ORDER_SOUND_KEY, 'on');
      else storage()?.removeItem(ORDER_SOUND_KEY);
    } catch {
      // A full or refused storage only means the choice lasts until the page closes.
    }
    set({ on });
  },
}));

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

/**
 * The page's one audio context. Browsers start it suspended unless a click made it, so turning
 * the sound on (a click) creates it; later tones reuse it.
 */
function audio(): AudioContext | null {
  if (context) return context;
  const Context: AudioContextClass | undefined =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);
  if (!Context) return null;
  context = new Context();
  return context;
}

/** A short rising chime (about 0.4 s). Silently nothing where WebAudio is missing or blocked. */
export function playOrderChime() {
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume();
    const start = ctx.currentTime + 0.01;
    [880, 1320].forEach((frequency, index) => {
      const at = start + index * 0.14;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.26);
    });
  } catch {
    // A browser that refuses to play (autoplay policy) leaves the toast to speak alone.
  }
}
