import { formatCoordinates, SIGN_IN_TEXTS } from './sign-in';

const OPTIONS: PositionOptions = { timeout: 15_000, maximumAge: 60_000 };

/**
 * The login sheet's auto-detect (000 §2.3): the browser's position as 'lat, lon'. The reverse
 * lookup into a place name is not served yet, so this is the spec's fallback text (000 §8).
 * Rejects with the sheet's message for an unsupported or failed lookup.
 */
export function detectLocation(): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(SIGN_IN_TEXTS.geolocationUnsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve(formatCoordinates(coords.latitude, coords.longitude)),
      () => reject(new Error(SIGN_IN_TEXTS.geolocationFailed)),
      OPTIONS,
    );
  });
}
