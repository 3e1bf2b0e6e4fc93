// Reports (decisions.md §14): analytics over time as a chart, best time as a weekday × hour heat map,
// deliverability and domains. One range control drives the reports that take a range; it lives in the
// URL (?days=7), so the back button and a shared link keep it.
import { useSearchParams } from 'wouter';
import { useSession } from '../../auth/session';
import { Page } from '../../ui/Page';
import { AnalyticsSection } from './AnalyticsSection';
import { BestTimeSection } from './BestTimeSection';
import { DeliverabilitySection } from './DeliverabilitySection';
import { DomainsSection } from './DomainsSection';
import { parseRange, RANGE_PRESETS, rangeFor, type RangeDays } from './range';
import './reports.css';

export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const days = parseRange(params.get('days'));
  const timeZone = useSession()?.workspace.timezone ?? 'UTC';
  const { from, to } = rangeFor(days, timeZone);
  return (
    <Page title="Reports" actions={<RangeControl days={days} onChange={(d) => setParams({ days: String(d) })} />}>
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
