// Deliverability (GET /reports/deliverability): what receiving servers answered to our SMTP attempts, the
// bounces by reason and each inbox's numbers. The service fixes its window at the last 7 days, whatever
// range the other reports show; the heading says so.
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import type { ReportsDeliverabilityQuery } from '../../gql/graphql';
import { TableHead } from '../../ui/TableHead';
import { count } from '../../ui/format';
import { QueryView } from '../../ui/QueryView';

const ReportsDeliverability = graphql(`
  query ReportsDeliverability {
    deliverabilityReport {
      windowDays
      smtp {
        accepted
        deferred
        rejected
        byCode {
          outcome
          code
          enhancedCode
          count
        }
      }
      bounceReasons {
        category
        code
        enhancedCode
        count
        example
      }
      perInbox {
        email
        sent
        deferred
        rejected
        answered
      }
    }
  }
`);

type Report = ReportsDeliverabilityQuery['deliverabilityReport'];

const OUTCOME_BADGE: Record<string, string> = { accepted: 'ok', deferred: 'warn', rejected: 'danger' };
const CATEGORY_BADGE: Record<string, string> = { hard: 'danger', block: 'danger', soft: 'warn' };

export function DeliverabilitySection() {
  const query = useGraphQL(ReportsDeliverability);
  const days = query.data?.deliverabilityReport.windowDays ?? 7;
  return (
    <section className="card report-section" aria-labelledby="deliverability-title">
      <h2 id="deliverability-title">Deliverability, last {days} days</h2>
      <QueryView
        query={query}
        what="the deliverability report"
        isEmpty={(d) => d.deliverabilityReport.perInbox.length === 0 && d.deliverabilityReport.smtp.byCode.length === 0}
        empty="No inboxes and no sending yet: connect an inbox in Settings."
      >
        {(d) => <DeliverabilityBody report={d.deliverabilityReport} />}
      </QueryView>
    </section>
  );
}

function DeliverabilityBody({ report }: { report: Report }) {
  const { smtp } = report;
  return (
    <>
      <ul className="grid stats" aria-label="SMTP attempts">
        <li className="card stat-card">
          <span className="stat-label">Accepted</span>
          <span className="stat">{count(smtp.accepted)}</span>
        </li>
        <li className="card stat-card">
          <span className="stat-label">Deferred</span>
          <span className="stat">{count(smtp.deferred)}</span>
          <span className="muted">tried again later</span>
        </li>
        <li className="card stat-card">
          <span className="stat-label">Rejected</span>
          <span className="stat">{count(smtp.rejected)}</span>
          <span className="muted">refused for good</span>
        </li>
      </ul>

      <h3>SMTP answers</h3>
      {smtp.byCode.length === 0 ? (
        <p className="empty">No SMTP attempts in the window.</p>
      ) : (
        <table>
          <caption className="visually-hidden">SMTP attempts by outcome and code</caption>
          <TableHead columns={['Outcome', 'Code', 'Enhanced code', '#Attempts']} />
          <tbody>
            {smtp.byCode.map((c) => (
              <tr key={`${c.outcome}-${c.code ?? 'none'}-${c.enhancedCode ?? ''}`}>
                <td>
                  <span className={`badge ${OUTCOME_BADGE[c.outcome] ?? ''}`}>{c.outcome}</span>
                </td>
                <td>{c.code ?? 'no answer'}</td>
                <td>{c.enhancedCode ?? '—'}</td>
                <td className="num">{count(c.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>Bounce reasons</h3>
      {report.bounceReasons.length === 0 ? (
        <p className="empty">No bounces in the window.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Bounces by category and code</caption>
          <TableHead columns={['Category', 'Code', 'Latest reason', '#Bounces']} />
          <tbody>
            {report.bounceReasons.map((b) => (
              <tr key={`${b.category}-${b.code ?? 'none'}-${b.enhancedCode ?? ''}`}>
                <td>
                  <span className={`badge ${CATEGORY_BADGE[b.category] ?? ''}`}>{b.category}</span>
                </td>
                <td>{[b.code, b.enhancedCode].filter((x) => x != null).join(' ') || '—'}</td>
                <td className="reason">{b.example}</td>
                <td className="num">{count(b.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>Inboxes</h3>
      {report.perInbox.length === 0 ? (
        <p className="empty">No inboxes connected.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Deliverability by inbox</caption>
          <TableHead columns={['Inbox', '#Sent', '#Deferred', '#Rejected', '#Answered']} />
          <tbody>
            {report.perInbox.map((i) => (
              <tr key={i.email}>
                <th scope="row">{i.email}</th>
                <td className="num">{count(i.sent)}</td>
                <td className="num">{count(i.deferred)}</td>
                <td className="num">{count(i.rejected)}</td>
                <td className="num">{count(i.answered)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
