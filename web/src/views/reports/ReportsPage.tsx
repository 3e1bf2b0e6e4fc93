// Reports (decisions.md §14): analytics over time as a chart, best time as a weekday × hour heat map,
// deliverability and domains. One range control drives the reports that take a range; it lives in the
// URL (?days=7), so the back button and a shared link keep it. Placement tests (decisions.md §16) are a
// view of their own (/reports/placement).
import { Link, useSearchParams } from 'wouter';
import { useSession } from '../../auth/session';
import { Page } from '../../ui/Page';
import { AnalyticsSection } from './AnalyticsSection';
import { BestTimeSection } from './BestTimeSection';
import { DeliverabilitySection } from './DeliverabilitySection';
import { DomainsSection } from './DomainsSection';
import { PlacementView } from './placement/PlacementView';
import { parseRange, RANGE_PRESETS, rangeFor, type RangeDays } from './range';
import './reports.css';

const VIEWS = [
  { href: '/reports', title: 'Overview' },
  { href: '/reports/placement', title: 'Placement' },
] as const;

function ReportViews({ current }: { current: string }) {
  return (
    <nav className="tabs" aria-label="Report views">
      {VIEWS.map((v) => (
        <Link key={v.href} href={v.href} aria-current={v.href === current ? 'page' : undefined}>
          {v.title}
        </Link>
      ))}
    </nav>
  );
}

export default function ReportsPage({ view }: { view?: string }) {
  if (view === 'placement') {
    return (
      <Page title="Reports: Placement">
        <ReportViews current="/reports/placement" />
        <PlacementView />
      </Page>
    );
  }
  return <OverviewReports />;
}

function OverviewReports() {
  const [params, setParams] = useSearchParams();
  const days = parseRange(params.get('days'));
  const timeZone = useSession()?.workspace.timezone ?? 'UTC';
  const { from, to } = rangeFor(days, timeZone);
  return (
    <Page title="Reports" actions={<RangeControl days={days} onChange={(d) => setParams({ days: String(d) })} />}>
      <ReportViews current="/reports" />
      <p className="muted range-note">
        {from} to {to}, in {timeZone} time.
      </p>
      <AnalyticsSection from={from} to={to} />
      <BestTimeSection days={days} />
      <DeliverabilitySection />
      <DomainsSection days={days} />
    </Page>
  );
}

/** The presets as a group of toggle buttons: one tab stop each, the pressed one says which is shown. */
function RangeControl({ days, onChange }: { days: RangeDays; onChange: (days: RangeDays) => void }) {
  return (
    <div role="group" aria-label="Date range" className="range-control">
      {RANGE_PRESETS.map((p) => (
        <button key={p} type="button" aria-pressed={p === days} className={p === days ? 'primary' : undefined} onClick={() => onChange(p)}>
          Last {p} days
        </button>
      ))}
    </div>
  );
}
