import { describe, expect, it } from 'vitest';
import { periodFrom } from '../hooks/use-period';
import { addDays, daysBetween, istDay, lastDays, periodProblem } from './ist-days';

describe('IST days', () => {
  it('turns the day at 18:30 UTC (midnight in India)', () => {
    expect(istDay(new Date('2026-11-27T18:29:59Z'))).toBe('2026-11-27');
    expect(istDay(new Date('2026-11-27T18:30:00Z'))).toBe('2026-11-28');
  });

  it('counts the last days with today included', () => {
    expect(lastDays(7, new Date('2026-11-28T20:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(lastDays(30, new Date('2026-03-01T05:00:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(30);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('refuses a custom period backwards, too long or not days', () => {
    expect(periodProblem('2026-11-01', '2026-11-28')).toBeNull();
    expect(periodProblem('2026-11-28', '2026-11-28')).toBeNull();
    expect(periodProblem('2026-11-29', '2026-11-28')).toBe('The first day must not be after the last.');
    expect(periodProblem('2025-11-27', '2026-11-28')).toBe('A period is at most 366 days.');
    expect(periodProblem('2025-11-28', '2026-11-28')).toBeNull();
    expect(periodProblem('2026-02-30', '2026-03-01')).toBe('Choose both days.');
    expect(periodProblem('', '2026-03-01')).toBe('Choose both days.');
  });

  it('reads the period from the address, falling back to the last 30 days', () => {
    const now = new Date('2026-11-28T06:00:00Z');
    expect(periodFrom(new URLSearchParams('days=7'), now)).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
      choice: { kind: 'days', days: 7 },
    });
    expect(periodFrom(new URLSearchParams('from=2026-10-01&to=2026-10-31'), now).choice).toEqual({ kind: 'custom' });
    expect(periodFrom(new URLSearchParams('from=2026-10-31&to=2026-10-01'), now)).toEqual({
      from: '2026-10-30',
      to: '2026-11-28',
      choice: { kind: 'days', days: 30 },
    });
    expect(periodFrom(new URLSearchParams('days=12'), now).choice).toEqual({ kind: 'days', days: 30 });
  });
});
