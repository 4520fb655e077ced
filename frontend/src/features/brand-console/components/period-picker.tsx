import { useState, type FormEvent } from 'react';
import { DASHBOARD_TEXTS as TEXTS } from '../utils/dashboard-texts';
import { periodProblem } from '../utils/ist-days';
import { PRESET_DAYS, type Period } from '../hooks/use-period';
import shared from '@/components/console/console.module.css';
import styles from './dashboard.module.css';

/** 7, 30 or 90 IST days to today, or a custom from-to. */
export function PeriodPicker({
  period,
  onChoose,
}: {
  period: Period;
  onChoose: (next: { days: number } | { from: string; to: string }) => void;
}) {
  const [custom, setCustom] = useState(period.choice.kind === 'custom');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = periodProblem(from, to);
    setProblem(why);
    if (!why) onChoose({ from, to });
  };

  return (
    <div className={styles.picker} role="group" aria-label={TEXTS.period}>
      <div className={styles.segments}>
        {PRESET_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            className={styles.segment}
            aria-pressed={!custom && period.choice.kind === 'days' && period.choice.days === days}
            onClick={() => {
              setCustom(false);
              setProblem(null);
              onChoose({ days });
            }}
          >
            {TEXTS.lastDays(days)}
          </button>
        ))}
        <button
          type="button"
          className={styles.segment}
          aria-pressed={custom}
          onClick={() => {
            setFrom(period.from);
            setTo(period.to);
            setCustom(true);
          }}
        >
          {TEXTS.custom}
        </button>
      </div>
      {custom && (
        <form className={styles.customForm} onSubmit={submit} noValidate>
          <label className={shared.field}>
            {TEXTS.from}
            <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className={shared.field}>
            {TEXTS.to}
            <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
          </label>
          <button type="submit" className={shared.primary}>
            {TEXTS.apply}
          </button>
          {problem && (
            <p role="alert" className={styles.problem}>
              {problem}
            </p>
          )}
        </form>
      )}
      <p className={styles.periodText} aria-live="polite">
        {period.from} to {period.to} (IST)
      </p>
    </div>
  );
}
