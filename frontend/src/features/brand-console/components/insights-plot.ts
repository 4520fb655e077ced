// The one module that imports uPlot: insights-chart.tsx loads it after rendering, so the library
// and its styles are a chunk of their own that only the consoles' charts ask for.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSeries } from './insights-chart';

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
/** Whole steps only (1, 2, 5, 10, 20, 50, ...): counts and rupees have no fractions worth a tick. */
const WHOLE_STEPS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();
const fromZero: uPlot.Scale.Range = (_plot, _min, max) => [0, Math.max(max, 1)];

/** Draws the series by IST day into `holder`; answers the plot (destroy it when done). */
export function drawChart(
  holder: HTMLElement,
  { width, height, days, series, formatDay }: {
    width: number;
    height: number;
    days: string[];
    series: ChartSeries[];
    formatDay: (day: string) => string;
  },
): { destroy: () => void } {
  const left = series.find((line) => !line.right) ?? series[0];
  const right = series.find((line) => line.right);
  const axisValues =
    (line: ChartSeries | undefined) => (_plot: uPlot, splits: number[]) =>
      splits.map((value) => (line ? line.format(value) : String(value)));
  const axes: uPlot.Axis[] = [
    { values: (_plot, splits) => splits.map((seconds) => formatDay(dayOf(seconds))) },
    { scale: 'left', values: axisValues(left), size: 72, incrs: WHOLE_STEPS },
  ];
  if (right) axes.push({ scale: 'right', side: 1, grid: { show: false }, values: axisValues(right), incrs: WHOLE_STEPS });
  const bars = uPlot.paths.bars?.({ size: [0.6, 32] });
  const options: uPlot.Options = {
    width,
    height,
    // Days are drawn at UTC midnight of their IST date, so labels never shift a day.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, left: { range: fromZero }, right: { range: fromZero } },
    axes,
    series: [
      { label: 'Day', value: (_plot, seconds) => (seconds == null ? '' : formatDay(dayOf(seconds))) },
      ...series.map(
        (line): uPlot.Series => ({
          label: line.label,
          scale: line.right ? 'right' : 'left',
          stroke: line.color,
          width: 2,
          fill: line.bars ? `${line.color}99` : undefined,
          paths: line.bars ? bars : undefined,
          points: { show: !line.bars && days.length <= 31 },
          value: (_plot, value) => (value == null ? '' : line.format(value)),
        }),
      ),
    ],
  };
  return new uPlot(options, [days.map(dayStart), ...series.map((line) => line.values)], holder);
}
