import { getNearestPlace, placeName } from '@/api/places';
import { formatCoordinates, SIGN_IN_TEXTS } from './sign-in';

const OPTIONS: PositionOptions = { timeout: 15_000, maximumAge: 60_000 };

function position(): Promise<GeolocationCoordinates> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(SIGN_IN_TEXTS.geolocationUnsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve(coords),
      () => reject(new Error(SIGN_IN_TEXTS.geolocationFailed)),
      OPTIONS,
    );
  });
}

/**
 * The login sheet's auto-detect (000 §2.3, §7): the browser's position, named by the nearest
 * post office ('Fort, Mumbai'); when that lookup fails or the point is outside India, the raw
 * 'lat, lon' text (000 §8). Rejects with the sheet's message when the browser cannot locate.
 */
export async function detectLocation(): Promise<string> {
  const { latitude, longitude } = await position();
  try {
    return placeName(await getNearestPlace(latitude, longitude));
  } catch {
    return formatCoordinates(latitude, longitude);
  }
}
