// Sending domains: what each sent against what its inboxes' ramps allowed over the range
// (GET /reports/domains), and, on demand, their DNS health (SPF, DKIM, DMARC, MX, blocklists). The health
// check queries DNS and the service allows 5 runs per 10 minutes, so it runs when asked, not on every
// visit.
import { useState } from 'react';
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import type { ReportsDomainHealthQuery, ReportsDomainsQuery } from '../../gql/graphql';
import { TableHead } from '../../ui/TableHead';
import { count, dateTime } from '../../ui/format';
import { QueryView } from '../../ui/QueryView';

const ReportsDomains = graphql(`
  query ReportsDomains($days: Int) {
    domainsReport(days: $days) {
      days
      domains {
        domain
        inboxes
        domainCap
        points {
          day
          sent
          allowed
        }
      }
    }
  }
`);

const ReportsDomainHealth = graphql(`
  query ReportsDomainHealth {
    domainHealth {
      checkedAt
      domains {
        domain
        checks {
          key
          label
          status
          detail
          value
          fix
        }
      }
    }
  }
`);

const STATUS_BADGE: Record<string, string> = { ok: 'ok', warn: 'warn', fail: 'danger', unknown: '' };

export function DomainsSection({ days }: { days: number }) {
  const query = useGraphQL(ReportsDomains, { days });
  return (
    <section className="card report-section" aria-labelledby="domains-title">
      <h2 id="domains-title">Domains</h2>
      <QueryView query={query} what="sending domains" isEmpty={(d) => d.domainsReport.domains.length === 0} empty="No sending domains yet: connect an inbox in Settings.">
        {(d) => (
          <>
            <DomainsTable report={d.domainsReport} />
            <DomainHealthPanel />
          </>
        )}
      </QueryView>
    </section>
  );
}

function DomainsTable({ report }: { report: ReportsDomainsQuery['domainsReport'] }) {
  return (
    <table>
      <caption className="visually-hidden">Sending domains over the last {report.days.length} days</caption>
      <TableHead columns={['Domain', '#Inboxes', '#Domain cap', '#Sent', '#Allowed by the ramps']} />
      <tbody>
        {report.domains.map((d) => (
          <tr key={d.domain}>
            <th scope="row">{d.domain}</th>
            <td className="num">{count(d.inboxes)}</td>
            <td className="num">{d.domainCap == null ? 'none' : count(d.domainCap)}</td>
            <td className="num">{count(d.points.reduce((s, p) => s + p.sent, 0))}</td>
            <td className="num">{count(d.points.reduce((s, p) => s + p.allowed, 0))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DomainHealthPanel() {
  const [asked, setAsked] = useState(false);
  const query = useGraphQL(ReportsDomainHealth, undefined, { enabled: asked, staleTime: 60_000 });
  return (
    <>
      <div className="row health-head">
        <h3>DNS health</h3>
        <button type="button" onClick={() => (asked ? void query.refetch() : setAsked(true))} disabled={query.isFetching}>
          {asked ? 'Check again' : 'Check DNS records'}
        </button>
      </div>
      {!asked ? (
        <p className="muted">Checks SPF, DKIM, DMARC, MX and blocklists of every sending domain.</p>
      ) : (
        <QueryView query={query} what="DNS checks" isEmpty={(d) => d.domainHealth.domains.length === 0} empty="No sending domains to check.">
          {(d) => <HealthTable report={d.domainHealth} />}
        </QueryView>
      )}
    </>
  );
}

function HealthTable({ report }: { report: ReportsDomainHealthQuery['domainHealth'] }) {
  return (
    <>
      <p className="muted">Checked {dateTime(report.checkedAt)}.</p>
      {report.domains.map((d) => (
        <table key={d.domain} className="health">
          <caption>{d.domain}</caption>
          <TableHead columns={['Check', 'Status', 'Found', 'What to do']} />
          <tbody>
            {d.checks.map((c) => (
              <tr key={c.key}>
                <th scope="row">{c.label}</th>
                <td>
                  <span className={`badge ${STATUS_BADGE[c.status] ?? ''}`}>{c.status}</span>
                </td>
                <td>
                  {c.detail}
                  {c.value ? <code className="record">{c.value}</code> : null}
                </td>
                <td>{c.fix ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </>
  );
}
