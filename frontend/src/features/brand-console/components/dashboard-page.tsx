import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@/api/client';
import type { InsightsSummary, ProductInsight } from '@/api/insights-types';
import { consolePaths } from '@/config/console-paths';
import { paths } from '@/config/paths';
import { parsePaise } from '@/lib/money';
import { InfoIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { DASHBOARD_TEXTS as TEXTS } from '../utils/dashboard-texts';
import { BRAND_CONSOLE_TEXTS } from '../utils/brand-console-texts';
import {
  chartRupees,
  formatCount,
  formatRate,
  rate,
  rupees,
  toRupees,
} from '../utils/insights-format';
import { usePeriod } from '../hooks/use-period';
import {
  LOW_STOCK_THRESHOLD,
  useInsightsSummary,
  useLowStock,
  useProductInsights,
} from '../hooks/use-insights';
import { BrandConsoleFrame, useConsoleAllowed } from './console-frame';
import { Funnel } from './funnel';
import { InsightsChart, type ChartSeries } from './insights-chart';
import { PeriodPicker } from './period-picker';
import shared from '@/components/console/console.module.css';
import styles from './dashboard.module.css';

/** How many products each top list shows. */
export const TOP_PRODUCTS = 5;

const REVENUE_COLOUR = '#7c3aed';
const ORDERS_COLOUR = '#d81b60';

function Panel({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const headingId = useId();
  return (
    <section className={`${shared.panel} ${wide ? styles.wide : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={shared.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Loading({ label = TEXTS.loading }: { label?: string }) {
  return (
    <div role="status" className={styles.loading}>
      <Spinner color="purple" /> {label}
    </div>
  );
}

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <li className={styles.kpi}>
      <span className={styles.kpiLabel}>{label}</span>
      <span className={styles.kpiValue}>{value}</span>
      {hint && <span className={styles.kpiHint}>{hint}</span>}
    </li>
  );
}

function Kpis({ summary }: { summary: InsightsSummary }) {
  return (
    <ul className={styles.kpis} aria-label={TEXTS.kpis}>
      <Kpi label={TEXTS.revenue} value={rupees(summary.revenue)} />
      <Kpi
        label={TEXTS.netRevenue}
        value={rupees(summary.netRevenue)}
        hint={TEXTS.refundsHint(rupees(summary.refunds))}
      />
      <Kpi label={TEXTS.orders} value={formatCount(summary.orders)} />
      <Kpi label={TEXTS.units} value={formatCount(summary.units)} />
      <Kpi label={TEXTS.averageOrderValue} value={rupees(summary.averageOrderValue)} />
      <Kpi label={TEXTS.shoppers} value={formatCount(summary.shoppers)} />
      <Kpi
        label={TEXTS.returningShoppers}
        value={formatCount(summary.returningShoppers)}
        hint={TEXTS.returningHint(formatRate(rate(summary.returningShoppers, summary.shoppers)))}
      />
    </ul>
  );
}

function SalesChart({ summary }: { summary: InsightsSummary }) {
  const { days, series, description } = useMemo(() => {
    const revenue = summary.daily.map((day) => toRupees(day.revenue));
    const orders = summary.daily.map((day) => day.orders);
    const lines: ChartSeries[] = [
      { label: TEXTS.revenue, values: revenue, color: REVENUE_COLOUR, bars: true, format: chartRupees },
      { label: TEXTS.orders, values: orders, color: ORDERS_COLOUR, right: true, format: formatCount },
    ];
    const best = summary.daily.reduce<InsightsSummary['daily'][number] | null>(
      (top, day) => (top && toRupees(top.revenue) >= toRupees(day.revenue) ? top : day),
      null,
    );
    const words =
      `Revenue as bars and orders as a line for each day from ${summary.from} to ${summary.to}: ` +
      `${rupees(summary.revenue)} from ${formatCount(summary.orders)} orders in all` +
      (best && summary.orders > 0 ? `; the best day was ${best.date} with ${rupees(best.revenue)}.` : '.');
    return { days: summary.daily.map((day) => day.date), series: lines, description: words };
  }, [summary]);
  return <InsightsChart title={TEXTS.salesChart} description={description} days={days} series={series} />;
}

function productLink(product: { productId: string; name: string }) {
  return <Link to={consolePaths.brandProduct.getHref(product.productId)}>{product.name}</Link>;
}

function TopProducts({
  title,
  sort,
  from,
  to,
  columns,
}: {
  title: string;
  sort: 'revenue' | 'likeRate';
  from: string;
  to: string;
  columns: { label: string; value: (product: ProductInsight) => string }[];
}) {
  const query = useProductInsights({ from, to, sort, limit: TOP_PRODUCTS });
  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.isError) body = <ErrorState message={TEXTS.loadFailed} onRetry={() => void query.refetch()} />;
  else if (query.data.products.length === 0) body = <p className={shared.muted}>{TEXTS.noProducts}</p>;
  else
    body = (
      <div className={styles.tableScroll}>
        <table className={shared.table}>
          <thead>
            <tr>
              <th scope="col">{TEXTS.product}</th>
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data.products.map((product) => (
              <tr key={product.productId}>
                <th scope="row">
                  <span className={styles.productCell}>
                    {product.image ? <img src={product.image} alt="" className={styles.productImage} /> : null}
                    {productLink(product)}
                    {product.trendingRank !== null && (
                      <span className={shared.badge} title={TEXTS.trending}>
                        #{product.trendingRank} {TEXTS.trending.toLowerCase()}
                      </span>
                    )}
                  </span>
                </th>
                {columns.map((column) => (
                  <td key={column.label}>{column.value(product)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return <Panel title={title}>{body}</Panel>;
}

function LowStockPanel() {
  const query = useLowStock();
  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.isError) body = <ErrorState message={TEXTS.loadFailed} onRetry={() => void query.refetch()} />;
  else if (query.data.items.length === 0) body = <p className={shared.muted}>{TEXTS.noLowStock}</p>;
  else
    body = (
      <div className={styles.tableScroll}>
        <table className={shared.table}>
          <thead>
            <tr>
              <th scope="col">{TEXTS.product}</th>
              <th scope="col">{TEXTS.size}</th>
              <th scope="col">{TEXTS.unitsLeft}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((item) => (
              <tr key={`${item.productId}-${item.size}`}>
                <th scope="row">{productLink(item)}</th>
                <td>{item.size}</td>
                <td className={item.units === 0 ? styles.soldOut : undefined}>{formatCount(item.units)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <Panel title={TEXTS.lowStock}>
      <p className={shared.muted}>{TEXTS.lowStockHint(LOW_STOCK_THRESHOLD)}</p>
      {body}
    </Panel>
  );
}

const REVENUE_COLUMNS = [
  { label: TEXTS.revenue, value: (product: ProductInsight) => rupees(product.revenue) },
  { label: TEXTS.orders, value: (product: ProductInsight) => formatCount(product.orders) },
  { label: TEXTS.units, value: (product: ProductInsight) => formatCount(product.units) },
];

const LIKE_RATE_COLUMNS = [
  { label: TEXTS.likeRate, value: (product: ProductInsight) => formatRate(product.likeRate) },
  { label: TEXTS.likes, value: (product: ProductInsight) => formatCount(product.likes) },
  { label: TEXTS.cardsShown, value: (product: ProductInsight) => formatCount(product.cardsShown) },
];

function isQuiet(summary: InsightsSummary) {
  const { funnel } = summary;
  return (
    summary.orders === 0 &&
    parsePaise(summary.refunds) === 0 &&
    funnel.cardsShown + funnel.likes + funnel.bagAdds === 0
  );
}

/** The figures for the chosen period; the low-stock sizes whatever the period. */
function Dashboard() {
  const { period, choose } = usePeriod();
  const summary = useInsightsSummary(period);
  const { error } = summary;

  let figures: ReactNode;
  if (summary.isPending) figures = <Loading />;
  else if (error instanceof ApiError && error.code === 'BRAND_REQUIRED')
    figures = <EmptyState icon={<InfoIcon />} title={TEXTS.brandRequired} />;
  else if (error instanceof ApiError && error.status === 403)
    figures = (
      <EmptyState
        icon={<InfoIcon />}
        title={BRAND_CONSOLE_TEXTS.teamsOnly}
        hint={error.message}
        action={{ label: BRAND_CONSOLE_TEXTS.backToProfile, to: paths.profile.getHref() }}
      />
    );
  else if (summary.isError)
    figures = (
      <ErrorState
        message={error instanceof ApiError && error.status === 400 ? error.message : TEXTS.loadFailed}
        onRetry={() => void summary.refetch()}
      />
    );
  else if (isQuiet(summary.data))
    figures = (
      <>
        <EmptyState icon={<InfoIcon />} title={TEXTS.emptyTitle} hint={TEXTS.emptyHint} />
        <div className={styles.grid}>
          <LowStockPanel />
        </div>
      </>
    );
  else
    figures = (
      <>
        <Kpis summary={summary.data} />
        <div className={styles.grid}>
          <Panel title={TEXTS.sales} wide>
            <SalesChart summary={summary.data} />
          </Panel>
          <Panel title={TEXTS.funnel}>
            <Funnel funnel={summary.data.funnel} />
          </Panel>
          <LowStockPanel />
          <TopProducts title={TEXTS.topByRevenue} sort="revenue" from={period.from} to={period.to} columns={REVENUE_COLUMNS} />
          <TopProducts title={TEXTS.topByLikeRate} sort="likeRate" from={period.from} to={period.to} columns={LIKE_RATE_COLUMNS} />
        </div>
      </>
    );

  return (
    <div className={styles.dashboard} aria-busy={summary.isFetching}>
      <PeriodPicker key={`${period.from}-${period.to}`} period={period} onChoose={choose} />
      {figures}
    </div>
  );
}

/** /brand: the brand's dashboard (an admin's chosen brand's, or every brand's). */
export function DashboardPage() {
  const allowed = useConsoleAllowed();
  return <BrandConsoleFrame title={TEXTS.title}>{allowed && <Dashboard />}</BrandConsoleFrame>;
}
