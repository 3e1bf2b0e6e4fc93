// Charts are uPlot's (a small, well-kept canvas chart library, ~50 KB unminified): time series and bars.
// A canvas says nothing to a screen reader, so the figure carries a label, and every chart comes with the
// same numbers as a table, folded under it.
import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { count } from './format';
import { TableHead } from './TableHead';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
  /** Bars instead of a line. */
  bars?: boolean;
}

interface Props {
  /** The figure's accessible name ("Sent, opened and replied per day"). */
  label: string;
  /** X values: Unix seconds for time axes, or 0..n-1 with `xLabels`. */
  x: number[];
  series: ChartSeries[];
  /** Category names for a non-time x axis. */
  xLabels?: string[];
  /** The data table: one row per x, named by `rows` (the days), under a summary that unfolds it. */
  table: { summary: string; rowHeader: string; rows: string[] };
  height?: number;
}

export function Chart({ label, x, series, xLabels, table, height = 260 }: Props) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const options: Options = {
      width: Math.max(320, el.clientWidth),
      height,
      scales: { x: { time: !xLabels } },
      axes: [xLabels ? { values: (_u, splits) => splits.map((v) => xLabels[v] ?? '') } : {}, {}],
      series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, fill: s.bars ? s.color : undefined, width: 2, paths: s.bars ? bars : undefined }))],
    };
    const data: AlignedData = [x, ...series.map((s) => s.values)];
    const plot = new uPlot(options, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [x, series, xLabels, height]);
  return (
    <>
      <figure className="chart" role="img" aria-label={label}>
        <div ref={holder} data-testid="chart" />
      </figure>
      <details className="chart-data">
        <summary>{table.summary}</summary>
        <table>
          <caption className="visually-hidden">{label}</caption>
          <TableHead columns={[table.rowHeader, ...series.map((s) => `#${s.label}`)]} />
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                {series.map((s) => (
                  <td key={s.label} className="num">
                    {count(s.values[i])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
