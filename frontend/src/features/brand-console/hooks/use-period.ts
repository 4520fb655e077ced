// The dashboard's period, kept in the address (?days=7, or ?from=&to=) so a reload or a shared
// link shows the same days.
import { useSearchParams } from 'react-router';
import { isDay, lastDays, periodProblem } from '../utils/ist-days';

export const PRESET_DAYS = [7, 30, 90] as const;
export const DEFAULT_DAYS = 30;

export type PeriodChoice = { kind: 'days'; days: number } | { kind: 'custom' };

export interface Period {
  from: string;
  to: string;
  choice: PeriodChoice;
}

/** The period the address asks for; an unusable one falls back to the last 30 days. */
export function periodFrom(search: URLSearchParams, now: Date = new Date()): Period {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (isDay(from) && isDay(to) && periodProblem(from, to) === null) {
    return { from, to, choice: { kind: 'custom' } };
  }
  const asked = Number(search.get('days'));
  const days = (PRESET_DAYS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
  return { ...lastDays(days, now), choice: { kind: 'days', days } };
}

export function usePeriod() {
  const [search, setSearch] = useSearchParams();
  const period = periodFrom(search);
  const choose = (next: { days: number } | { from: string; to: string }) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete('days');
        params.delete('from');
        params.delete('to');
        if ('days' in next) params.set('days', String(next.days));
        else {
          params.set('from', next.from);
          params.set('to', next.to);
        }
        return params;
      },
      { replace: true },
    );
  return { period, choose };
}
