import { useId, useMemo, useState } from 'react';
import type { ProductDaily } from '@/api/insights-types';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { formatInr, parsePaise } from '@/lib/money';
import { DASHBOARD_TEXTS as TEXTS } from '../utils/dashboard-texts';
import { formatCount, formatRate, rate } from '../utils/insights-format';
import { lastDays } from '../utils/ist-days';
import { PRESET_DAYS } from '../hooks/use-period';
import { useProductDaily } from '../hooks/use-insights';
import { InsightsChart, type ChartSeries } from './insights-chart';
import shared from '@/components/console/console.module.css';
import styles from './dashboard.module.css';

const COLOURS = { cardsShown: '#77717d', likes: '#e11d48', bagAdds: '#2563eb', orders: '#15803d' };

function totals(daily: ProductDaily['daily']) {
  return daily.reduce(
    (sum, day) => ({
      cardsShown: sum.cardsShown + day.cardsShown,
      likes: sum.likes + day.likes,
      dislikes: sum.dislikes + day.dislikes,
      bagAdds: sum.bagAdds + day.bagAdds,
      orders: sum.orders + day.orders,
      units: sum.units + day.units,
      revenue: sum.revenue + parsePaise(day.revenue),
    }),
    { cardsShown: 0, likes: 0, dislikes: 0, bagAdds: 0, orders: 0, units: 0, revenue: 0 },
  );
}

function Charts({ answer }: { answer: ProductDaily }) {
  const charts = useMemo(() => {
    const days = answer.daily.map((day) => day.date);
    const line = (key: keyof typeof COLOURS, label: string, extra: Partial<ChartSeries> = {}): ChartSeries => ({
      label,
      values: answer.daily.map((day) => day[key]),
      color: COLOURS[key],
      format: formatCount,
      ...extra,
    });
    const sum = totals(answer.daily);
    const period = `from ${answer.from} to ${answer.to}`;
    return {
      days,
      sum,
      funnel: {
        series: [
          line('cardsShown', TEXTS.funnelSteps.cardsShown),
          line('likes', TEXTS.funnelSteps.likes),
          line('bagAdds', TEXTS.funnelSteps.bagAdds),
          line('orders', TEXTS.funnelSteps.orders),
        ],
        description:
          `Cards shown, likes, bag adds and orders for each day ${period}: ` +
          `${formatCount(sum.cardsShown)} cards shown, ${formatCount(sum.likes)} likes, ` +
          `${formatCount(sum.bagAdds)} bag adds and ${formatCount(sum.orders)} orders in all.`,
      },
      likesOrders: {
        series: [
          line('likes', TEXTS.likes),
          line('orders', TEXTS.orders, { bars: true, right: true }),
        ],
        description:
          `Likes as a line and orders as bars for each day ${period}: ` +
          `${formatCount(sum.likes)} likes and ${formatCount(sum.orders)} orders.`,
      },
    };
  }, [answer]);
  const { sum } = charts;
  return (
    <>
      <dl className={styles.kpis}>
        {[
          [TEXTS.cardsShown, formatCount(sum.cardsShown)],
          [TEXTS.likeRate, formatRate(rate(sum.likes, sum.likes + sum.dislikes))],
          [TEXTS.funnelSteps.bagAdds, formatCount(sum.bagAdds)],
          [TEXTS.orders, formatCount(sum.orders)],
          [TEXTS.units, formatCount(sum.units)],
          [TEXTS.revenue, formatInr(sum.revenue)],
        ].map(([label, value]) => (
          <div key={label} className={styles.kpi}>
            <dt className={styles.kpiLabel}>{label}</dt>
            <dd className={styles.kpiValue}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.grid}>
        <InsightsChart title={TEXTS.funnelOverTime} description={charts.funnel.description} days={charts.days} series={charts.funnel.series} />
        <InsightsChart title={TEXTS.likesAgainstOrders} description={charts.likesOrders.description} days={charts.days} series={charts.likesOrders.series} />
      </div>
    </>
  );
}

/** The product editor's Insights: how the product did in the deck, day by day. */
export function ProductInsights({ productId }: { productId: string }) {
  const headingId = useId();
  const [days, setDays] = useState<number>(30);
  const period = lastDays(days);
  const query = useProductDaily(productId, period);
  let body;
  if (query.isPending)
    body = (
      <div role="status" className={styles.loading}>
        <Spinner color="purple" /> {TEXTS.loading}
      </div>
    );
  else if (query.isError)
    body = <ErrorState message={TEXTS.productLoadFailed} onRetry={() => void query.refetch()} />;
  else body = <Charts answer={query.data} />;
  return (
    <section className={shared.panel} aria-labelledby={headingId}>
      <div className={styles.insightsHeader}>
        <h2 id={headingId} className={shared.panelTitle}>
          {TEXTS.insights}
        </h2>
        <div className={styles.segments} role="group" aria-label={TEXTS.period}>
          {PRESET_DAYS.map((choice) => (
            <button
              key={choice}
              type="button"
              className={styles.segment}
              aria-pressed={days === choice}
              onClick={() => setDays(choice)}
            >
              {TEXTS.lastDays(choice)}
            </button>
          ))}
        </div>
      </div>
      <p className={styles.muted}>
        {period.from} to {period.to} (IST)
      </p>
      {body}
    </section>
  );
}
