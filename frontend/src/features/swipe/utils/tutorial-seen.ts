// 000 §3: a seen-tutorial flag in localStorage, so the swipe tutorial opens by itself only on
// the first visit. Named like the shop's other keys ('recentlyViewed', 'searchHistory').

export const TUTORIAL_SEEN_KEY = 'hasSeenTutorial';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage can be blocked (private mode, policies): run without it.
  }
}

export function hasSeenTutorial(): boolean {
  return storage()?.getItem(TUTORIAL_SEEN_KEY) === 'true';
}

export function markTutorialSeen(): void {
  try {
    storage()?.setItem(TUTORIAL_SEEN_KEY, 'true');
  } catch {
    // A full or blocked storage only means the tutorial may open by itself again.
  }
}
