// The campaign's numbers (campaignStats, GET /campaigns/:id/stats) as stat cards, and its days (byDay:
// sent, replies and bounces per day in the campaign timezone, with the estimate for coming days of an
// active campaign) as a uPlot chart with the same numbers in a table for screen readers.
import { useMemo } from 'react';
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import type { CampaignStatsQuery } from '../../gql/graphql';
import { Chart, type ChartSeries } from '../../ui/Chart';
import { count, percent } from '../../ui/format';
import { QueryView } from '../../ui/QueryView';

const CampaignStats = graphql(`
  query CampaignStats($id: ID!) {
    campaignStats(id: $id) {
      sent
      opened
      clicked
      replied
      positive
      bounced
      unsubscribed
      autoReplies
      opportunities
      conversions
      openTracking
      clickTracking
      leads {
        total
        pending
        inSequence
        completed
        replied
        unsubscribed
      }
      byDay {
        day
        sent
        replies
        bounces
        pending
        future
      }
    }
  }
`);

type Stats = CampaignStatsQuery['campaignStats'];

export function CampaignStatsTab({ campaignId }: { campaignId: string }) {
  const query = useGraphQL(CampaignStats, { id: campaignId });
  return (
    <QueryView query={query} what="stats">
      {(d) => <StatsView stats={d.campaignStats} />}
    </QueryView>
  );
}

function StatsView({ stats }: { stats: Stats }) {
  const cards: [string, number, string?][] = [
    ['Sent', stats.sent],
    ...(stats.openTracking ? [['Opened', stats.opened, percent(stats.opened, stats.sent)] as [string, number, string]] : []),
    ...(stats.clickTracking ? [['Clicked', stats.clicked, percent(stats.clicked, stats.sent)] as [string, number, string]] : []),
    ['Replied', stats.replied, percent(stats.replied, stats.sent)],
    ['Positive replies', stats.positive],
    ['Bounced', stats.bounced, percent(stats.bounced, stats.sent)],
    ['Unsubscribed', stats.unsubscribed],
    ['Opportunities', stats.opportunities],
    ['Won', stats.conversions],
  ];
  return (
    <>
      <h2>Emails</h2>
      <ul className="grid stat-cards" aria-label="Campaign numbers">
        {cards.map(([label, value, rate]) => (
          <li key={label} className="card">
            <span className="muted">{label}</span>
            <span className="stat">{count(value)}</span>
            {rate ? <span className="muted">{rate} of sent</span> : null}
          </li>
        ))}
      </ul>
      <h2>Leads</h2>
      <ul className="grid stat-cards" aria-label="Lead numbers">
        {(
          [
            ['Total', stats.leads.total],
            ['Not started', stats.leads.pending],
            ['In sequence', stats.leads.inSequence],
            ['Completed', stats.leads.completed],
            ['Replied', stats.leads.replied],
            ['Unsubscribed', stats.leads.unsubscribed],
          ] as const
        ).map(([label, value]) => (
          <li key={label} className="card">
            <span className="muted">{label}</span>
            <span className="stat">{count(value)}</span>
          </li>
        ))}
      </ul>
      <DayChart days={stats.byDay} />
    </>
  );
}

function DayChart({ days }: { days: Stats['byDay'] }) {
  // Stable arrays: the chart redraws only when the days change.
  const { x, labels, series } = useMemo(() => {
    // Days as categories: the campaign's calendar days, not instants in the browser's zone.
    const x = days.map((_, i) => i);
    const labels = days.map((d) => new Date(`${d.day}T00:00:00Z`).toLocaleDateString('en', { timeZone: 'UTC', month: 'short', day: 'numeric' }));
    const series: ChartSeries[] = [
      { label: 'Sent', values: days.map((d) => (d.future ? null : d.sent)), color: '#1f5fbf' },
      { label: 'Replies', values: days.map((d) => (d.future ? null : d.replies)), color: '#136c3a' },
      { label: 'Bounces', values: days.map((d) => (d.future ? null : d.bounces)), color: '#b42318' },
    ];
    if (days.some((d) => d.pending != null)) series.push({ label: 'Expected', values: days.map((d) => d.pending ?? null), color: '#8a5300', bars: true });
    return { x, labels, series };
  }, [days]);
  if (days.length === 0) return <div className="empty">Nothing sent yet: the chart starts with the first day the campaign sends.</div>;
  return (
    <section aria-labelledby="per-day-heading">
      <h2 id="per-day-heading">Per day</h2>
      <Chart
        label="Sent, replies and bounces per day"
        x={x}
        xLabels={labels}
        series={series}
        table={{ summary: 'The numbers per day', rowHeader: 'Day', rows: days.map((d) => d.day) }}
      />
    </section>
  );
}
