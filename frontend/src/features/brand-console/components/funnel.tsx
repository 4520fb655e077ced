import type { InsightsSummary } from '@/api/insights-types';
import { DASHBOARD_TEXTS as TEXTS } from '../utils/dashboard-texts';
import { formatCount, formatRate, rate } from '../utils/insights-format';
import styles from './dashboard.module.css';

const STEPS = ['cardsShown', 'likes', 'bagAdds', 'orders'] as const;

/** Cards shown -> likes -> bag adds -> orders, each step's share of the one before. */
export function Funnel({ funnel }: { funnel: InsightsSummary['funnel'] }) {
  const top = Math.max(funnel.cardsShown, 1);
  return (
    <>
      <ol className={styles.funnel}>
        {STEPS.map((step, index) => {
          const previous = index > 0 ? STEPS[index - 1] : null;
          return (
            <li key={step} className={styles.funnelStep}>
              <span className={styles.funnelLabel}>{TEXTS.funnelSteps[step]}</span>
              <span className={styles.funnelBar} aria-hidden="true">
                <span style={{ width: `${Math.max((funnel[step] / top) * 100, funnel[step] ? 1 : 0)}%` }} />
              </span>
              <span className={styles.funnelCount}>{formatCount(funnel[step])}</span>
              <span className={styles.funnelRate}>
                {previous
                  ? TEXTS.ofPrevious(formatRate(rate(funnel[step], funnel[previous])), TEXTS.funnelSteps[previous])
                  : ''}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={styles.muted}>{TEXTS.conversion(formatRate(rate(funnel.orders, funnel.cardsShown)))}</p>
    </>
  );
}
