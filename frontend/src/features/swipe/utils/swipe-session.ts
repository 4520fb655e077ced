import type { DeviceInfo } from '../api/swipe-api';

// 000 §7: swipe tracking carries a browsing-session id built from the time and a random string,
// and the device's user agent. One id per page load: every swipe until the next reload shares it.

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** `<milliseconds since the epoch in base 36>-<16 random hex digits>`: 25 characters or so. */
export const SWIPE_SESSION_ID = `${Date.now().toString(36)}-${randomHex(8)}`;

/** The user agent and the screen's size, read when the swipe happens. */
export function deviceInfo(): DeviceInfo {
  return {
    userAgent: navigator.userAgent,
    screen: { width: window.screen.width, height: window.screen.height },
  };
}
