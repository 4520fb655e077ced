// Periods of IST days (India's time zone, UTC+5:30, no daylight saving), as the insights
// calls take them: `YYYY-MM-DD` from and to, both included, at most 366 days.

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
export const MAX_PERIOD_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/u;

/** The IST day of an instant. */
export function istDay(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export function isDay(value: string): boolean {
  return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/** The last `days` IST days to today, today included. */
export function lastDays(days: number, now: Date = new Date()) {
  const to = istDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Why a custom period cannot be asked for, or null when it can. */
export function periodProblem(from: string, to: string): string | null {
  if (!isDay(from) || !isDay(to)) return 'Choose both days.';
  const span = daysBetween(from, to);
  if (span < 1) return 'The first day must not be after the last.';
  if (span > MAX_PERIOD_DAYS) return `A period is at most ${MAX_PERIOD_DAYS} days.`;
  return null;
}

/** '28 Nov' for a chart's axis and tables. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}
