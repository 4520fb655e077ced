// A chart of figures by day, drawn by uPlot (small, canvas-based, maintained): the library is
// loaded (insights-plot.ts) only after the page has rendered, so it is a chunk of its own that only the
// consoles load. A canvas says nothing to a screen reader: every chart carries a description
// (its aria-label) and its figures as a table.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { shortDay } from '../utils/ist-days';
import styles from './dashboard.module.css';

export interface ChartSeries {
  label: string;
  /** One value per day. */
  values: number[];
  color: string;
  /** Drawn as bars (else as a line). */
  bars?: boolean;
  /** Measured on the right-hand axis (a second unit: orders beside rupees). */
  right?: boolean;
  /** The value as text (axis, legend and table). */
  format: (value: number) => string;
}

/** The holder's element and its width, followed as the layout changes. */
function useMeasuredHolder() {
  const [holder, setHolder] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  const attach = useCallback((element: HTMLDivElement | null) => {
    setHolder(element);
    if (!element) return undefined;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { holder, width, attach };
}

export function InsightsChart({
  title,
  description,
  days,
  series,
  height = 240,
}: {
  title: string;
  /** What the chart shows, in words (the canvas's accessible name). */
  description: string;
  /** The IST days, YYYY-MM-DD, in order. */
  days: string[];
  series: ChartSeries[];
  height?: number;
}) {
  const { holder, width, attach } = useMeasuredHolder();
  const plot = useRef<{ destroy: () => void } | null>(null);
  const [failed, setFailed] = useState(false);
  const tableId = useId();

  useEffect(() => {
    if (!holder || width === 0) return undefined;
    let cancelled = false;
    import('./insights-plot')
      .then(({ drawChart }) => {
        if (cancelled) return;
        plot.current?.destroy();
        plot.current = drawChart(holder, { width, height, days, series, formatDay: shortDay });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [holder, width, height, days, series]);

  useEffect(
    () => () => {
      plot.current?.destroy();
      plot.current = null;
    },
    [],
  );

  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      <div
        ref={attach}
        className={styles.chartCanvas}
        role="img"
        aria-label={description}
        aria-describedby={tableId}
        style={{ minHeight: failed ? undefined : height }}
      />
      {failed && <p className={styles.muted}>The chart could not be drawn; the figures are below.</p>}
      <details className={styles.chartTable}>
        <summary>Show the figures as a table</summary>
        <div className={styles.tableScroll}>
          <table id={tableId}>
            <caption className={styles.visuallyHidden}>{title}, by day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((line) => (
                  <th key={line.label} scope="col">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day}>
                  <th scope="row">{shortDay(day)}</th>
                  {series.map((line) => (
                    <td key={line.label}>{line.format(line.values[index] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
