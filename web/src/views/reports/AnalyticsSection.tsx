// Analytics over the chosen range (GET /reports/analytics): totals as stat cards, sent / opened / replied /
// bounced per day as a uPlot time series (with the numbers in a table for screen readers), and the same
// counts per campaign and per inbox.
import { useMemo } from 'react';
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import type { ReportsAnalyticsQuery } from '../../gql/graphql';
import { Chart, type ChartSeries } from '../../ui/Chart';
import { TableHead } from '../../ui/TableHead';
import { count } from '../../ui/format';
import { QueryView } from '../../ui/QueryView';
import { daySeconds } from './range';

const ReportsAnalytics = graphql(`
  query ReportsAnalytics($input: AnalyticsInput) {
    reportAnalytics(input: $input) {
      from
      to
      totals {
        sent
        started
        opened
        openRate
        clicked
        replies
        replyRate
        positive
        bounces
        bounceRate
        won
        wonValue
      }
      byDay {
        day
        sent
        opened
        replies
        bounces
      }
      byCampaign {
        id
        label
        sent
        replies
        replyRate
        positive
        bounces
        bounceRate
      }
      byMailbox {
        id
        label
        sent
        replies
        replyRate
        positive
        bounces
        bounceRate
      }
    }
  }
`);

type Analytics = ReportsAnalyticsQuery['reportAnalytics'];
type Row = Analytics['byCampaign'][number];

/** The service gives rates in percent (api.md Reports: reply_rate 50 is 50%). */
const pct = (r: number | null | undefined): string => (r == null ? '—' : `${r}%`);

export function AnalyticsSection({ from, to }: { from: string; to: string }) {
  const query = useGraphQL(ReportsAnalytics, { input: { from, to } });
  return (
    <section className="card report-section" aria-labelledby="analytics-title">
      <h2 id="analytics-title">Analytics</h2>
      <QueryView
        query={query}
        what="analytics"
        isEmpty={(d) => d.reportAnalytics.totals.sent === 0 && d.reportAnalytics.totals.replies === 0}
        empty="Nothing was sent in this range yet."
      >
        {(d) => <AnalyticsBody data={d.reportAnalytics} />}
      </QueryView>
    </section>
  );
}

function AnalyticsBody({ data }: { data: Analytics }) {
  const t = data.totals;
  return (
    <>
      <ul className="grid stats" aria-label="Totals">
        <Stat label="Sent" value={count(t.sent)} />
        <Stat label="Opened" value={count(t.opened)} note={t.openRate == null ? 'no open tracking' : pct(t.openRate)} />
        <Stat label="Replied" value={count(t.replies)} note={pct(t.replyRate)} />
        <Stat label="Positive" value={count(t.positive)} />
        <Stat label="Bounced" value={count(t.bounces)} note={pct(t.bounceRate)} />
        <Stat label="Won" value={count(t.won)} />
      </ul>
      <DailyChart days={data.byDay} />
      <h3>By campaign</h3>
      <RowsTable caption="Analytics by campaign" what="Campaign" rows={data.byCampaign} />
      <h3>By inbox</h3>
      <RowsTable caption="Analytics by inbox" what="Inbox" rows={data.byMailbox} />
    </>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <li className="card stat-card">
      <span className="stat-label">{label}</span>
      <span className="stat">{value}</span>
      {note ? <span className="muted">{note}</span> : null}
    </li>
  );
}

const DAILY_LABEL = 'Sent, opened, replied and bounced per day';

function DailyChart({ days }: { days: Analytics['byDay'] }) {
  // uPlot redraws when its inputs change identity: build them once per answer.
  const x = useMemo(() => days.map((d) => daySeconds(d.day)), [days]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: 'Sent', values: days.map((d) => d.sent), color: '#1f5fbf' },
      { label: 'Opened', values: days.map((d) => d.opened), color: '#8a5300' },
      { label: 'Replied', values: days.map((d) => d.replies), color: '#136c3a' },
      { label: 'Bounced', values: days.map((d) => d.bounces), color: '#b42318' },
    ],
    [days],
  );
  return <Chart label={DAILY_LABEL} x={x} series={series} table={{ summary: 'The numbers behind the chart', rowHeader: 'Day', rows: days.map((d) => d.day) }} />;
}

function RowsTable({ caption, what, rows }: { caption: string; what: string; rows: Row[] }) {
  if (rows.length === 0) return <p className="empty">Nothing sent in this range.</p>;
  return (
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <TableHead columns={[what, '#Sent', '#Replies', '#Reply rate', '#Positive', '#Bounces', '#Bounce rate']} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">{r.label}</th>
            <td className="num">{count(r.sent)}</td>
            <td className="num">{count(r.replies)}</td>
            <td className="num">{pct(r.replyRate)}</td>
            <td className="num">{count(r.positive)}</td>
            <td className="num">{count(r.bounces)}</td>
            <td className="num">{pct(r.bounceRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
