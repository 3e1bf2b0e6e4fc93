// Best time to reach people (GET /analytics/best-time): replies by weekday and hour in the workspace
// timezone, as a heat map. It is an HTML table on purpose: every cell is a number a screen reader can
// read with its row (weekday) and column (hour) headers; the shading only repeats what the number says.
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import type { ReportsBestTimeQuery } from '../../gql/graphql';
import { QueryView } from '../../ui/QueryView';

const ReportsBestTime = graphql(`
  query ReportsBestTime($days: Int) {
    bestTimeReport(days: $days) {
      days
      timezone
      replies
      grid
    }
  }
`);

/** The grid's rows, Monday first (ISO 8601), as the schema orders them. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
/** Shades 0 (none) to 4 (the busiest hour); the CSS gives each a background with AA contrast for its text. */
const LEVELS = 4;

export function shade(n: number, max: number): number {
  return n === 0 || max === 0 ? 0 : Math.max(1, Math.ceil((LEVELS * n) / max));
}

export function BestTimeSection({ days }: { days: number }) {
  const query = useGraphQL(ReportsBestTime, { days });
  return (
    <section className="card report-section" aria-labelledby="best-time-title">
      <h2 id="best-time-title">Best time</h2>
      <QueryView
        query={query}
        what="the best-time report"
        isEmpty={(d) => d.bestTimeReport.replies === 0}
        empty="No replies in this range yet: the heat map fills in as people answer."
      >
        {(d) => <HeatMap report={d.bestTimeReport} />}
      </QueryView>
    </section>
  );
}

function HeatMap({ report }: { report: ReportsBestTimeQuery['bestTimeReport'] }) {
  const max = Math.max(0, ...report.grid.flat());
  return (
    <>
      <div className="heatmap-scroll">
        <table className="heatmap">
          <caption>
            Replies by weekday and hour over the last {report.days} days ({report.replies} in all), in {report.timezone} time
          </caption>
          <thead>
            <tr>
              <td />
              {HOURS.map((h) => (
                <th key={h} scope="col" aria-label={`${h}:00`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.grid.map((row, d) => (
              <tr key={WEEKDAYS[d]}>
                <th scope="row">{WEEKDAYS[d]}</th>
                {row.map((n, h) => (
                  <td key={h} className={`heat-${shade(n, max)}`}>
                    {n}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="heat-legend">
        <span>Fewer replies</span>
        {Array.from({ length: LEVELS + 1 }, (_, l) => (
          <span key={l} className={`heat-swatch heat-${l}`} aria-hidden="true" />
        ))}
        <span>More (the busiest hour had {max})</span>
      </p>
    </>
  );
}
