// Reports → Placement (decisions.md §16): start a placement test and watch it fill in (polled while it
// runs), read it per sender × seed provider and copy by copy with the authentication results in words,
// follow each inbox's inbox rate over the recent tests, and set the schedule and protection.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useGraphQL, useGraphQLMutation } from '../../../api/graphql';
import { graphql } from '../../../gql';
import type { ReportsPlacementTestQuery, ReportsPlacementTestsQuery } from '../../../gql/graphql';
import { Chart } from '../../../ui/Chart';
import { count, dateTime } from '../../../ui/format';
import { ErrorState, QueryView } from '../../../ui/QueryView';
import { TableHead } from '../../../ui/TableHead';
import { PlacementSettings } from './PlacementSettings';
import { authInWords, authTone, placementWords, rateTrend, senderProviderGrid, startRefusalInWords } from './placement-words';

const ReportsPlacementTests = graphql(`
  query ReportsPlacementTests {
    placementTests(limit: 20) {
      items {
        id
        status
        createdAt
        content {
          subject
        }
        summary {
          sent
          inboxRate
        }
        bySender {
          mailboxId
          email
          inboxRate
        }
      }
    }
  }
`);

const ReportsPlacementTest = graphql(`
  query ReportsPlacementTest($id: ID!) {
    placementTest(id: $id) {
      id
      status
      createdAt
      finishedAt
      waitMinutes
      content {
        subject
      }
      summary {
        sent
        inbox
        category
        spam
        other
        missing
        failed
        inboxRate
      }
      bySender {
        mailboxId
        email
      }
      results {
        mailboxId
        seedId
        seedProvider
        placement
        folder
        auth {
          spf
          dkim
          dmarc
        }
        delaySeconds
        detail
      }
    }
  }
`);

const ReportsStartPlacementTest = graphql(`
  mutation ReportsStartPlacementTest($input: StartPlacementTestInput!) {
    startPlacementTest(input: $input) {
      id
    }
  }
`);

type TestListItem = ReportsPlacementTestsQuery['placementTests']['items'][number];
type Test = ReportsPlacementTestQuery['placementTest'];

/** How often a running test is read again. */
const POLL_MS = 3_000;
const rate = (r: number | null | undefined) => (r == null ? '—' : `${r.toFixed(1)}%`);

export function PlacementView() {
  const list = useGraphQL(ReportsPlacementTests, undefined, {
    refetchInterval: (q) => (q.state.data?.placementTests.items.some((t) => t.status === 'running') ? POLL_MS : false),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const items = list.data?.placementTests.items ?? [];
  const shown = chosen ?? items[0]?.id ?? null;
  return (
    <>
      <StartTest onStarted={setChosen} />
      <PlacementSettings />
      <section className="card report-section" aria-labelledby="placement-tests-title">
        <h2 id="placement-tests-title">Tests</h2>
        <QueryView query={list} what="the placement tests" isEmpty={(d) => d.placementTests.items.length === 0} empty="No placement test yet: start one above.">
          {() => <TestList items={items} shown={shown} onChoose={setChosen} />}
        </QueryView>
      </section>
      {shown ? <TestDetail id={shown} /> : null}
      {items.length > 1 ? <RateTrend items={items} /> : null}
    </>
  );
}

function StartTest({ onStarted }: { onStarted: (id: string) => void }) {
  const start = useGraphQLMutation(ReportsStartPlacementTest, ['ReportsPlacementTests']);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const started = await start
      .mutateAsync({
        input: { subject: String(form.get('subject') ?? ''), body: String(form.get('body') ?? ''), waitMinutes: Number(form.get('waitMinutes') ?? 30) },
      })
      .catch(() => null);
    if (started) onStarted(started.startPlacementTest.id);
  };
  return (
    <section className="card report-section" aria-labelledby="start-placement-title">
      <h2 id="start-placement-title">Start a placement test</h2>
      <p className="muted">Every active sending inbox emails every seed once, now, outside its daily cap. The seeds are read about every minute until each copy is found.</p>
      <form className="stack" aria-labelledby="start-placement-title" onSubmit={(e) => void submit(e)}>
        <label>
          Subject
          <input name="subject" required maxLength={998} defaultValue="Quick question" />
        </label>
        <label>
          Body
          <textarea name="body" required rows={4} defaultValue={'Hi,\n\nWould you have fifteen minutes this week for a short call?\n\nThanks'} />
        </label>
        <label>
          Look for the copies during (minutes)
          <input name="waitMinutes" type="number" min={5} max={240} defaultValue={30} required />
        </label>
        <StartRefused error={start.error} />
        <div className="row">
          <button type="submit" className="primary" disabled={start.isPending}>
            {start.isPending ? 'Starting…' : 'Start the test'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Why the start was refused: in the console's words where it has them (placement-words.ts), else the service's. */
function StartRefused({ error }: { error: { code: string; message: string; details?: Record<string, unknown> } | null }) {
  const worded = startRefusalInWords(error);
  if (!worded) return <ErrorState error={error} />;
  return (
    <div className="error-state" role="alert">
      <p>
        <strong>The test was not started.</strong> {worded.text}{' '}
        {worded.fix ? (
          <Link href={worded.fix.href} className="fix-link">
            {worded.fix.label}
          </Link>
        ) : null}
      </p>
    </div>
  );
}

function TestList({ items, shown, onChoose }: { items: TestListItem[]; shown: string | null; onChoose: (id: string) => void }) {
  return (
    <table>
      <caption className="visually-hidden">Placement tests, newest first</caption>
      <TableHead columns={['Started', 'Subject', 'Status', '#Copies', '#Inbox rate', 'Show']} />
      <tbody>
        {items.map((t) => (
          <tr key={t.id} aria-current={t.id === shown ? 'true' : undefined}>
            <th scope="row">{dateTime(t.createdAt)}</th>
            <td>{t.content.subject}</td>
            <td>
              <span className={`badge ${t.status === 'running' ? 'warn' : 'ok'}`}>{t.status === 'running' ? 'running' : 'done'}</span>
            </td>
            <td className="num">{count(t.summary.sent)}</td>
            <td className="num">{rate(t.summary.inboxRate)}</td>
            <td>
              <button type="button" onClick={() => onChoose(t.id)} aria-label={`Show the test of ${dateTime(t.createdAt)}`} disabled={t.id === shown}>
                Show
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TestDetail({ id }: { id: string }) {
  const query = useGraphQL(ReportsPlacementTest, { id }, { refetchInterval: (q) => (q.state.data?.placementTest.status === 'running' ? POLL_MS : false) });
  return (
    <section className="card report-section" aria-labelledby="placement-detail-title" aria-live="polite">
      <h2 id="placement-detail-title">Where the copies landed</h2>
      <QueryView query={query} what="the placement test">
        {(d) => <TestBody test={d.placementTest} />}
      </QueryView>
    </section>
  );
}

function TestBody({ test }: { test: Test }) {
  const s = test.summary;
  const email = new Map(test.bySender.map((b) => [b.mailboxId, b.email]));
  const grid = senderProviderGrid(test.results);
  const looking = test.results.filter((r) => r.placement === null).length;
  return (
    <>
      <p className="muted">
        {test.status === 'running'
          ? `Running since ${dateTime(test.createdAt)}: ${looking} of ${test.results.length} copies still looked for (up to ${test.waitMinutes} minutes).`
          : `Finished ${dateTime(test.finishedAt)}.`}
      </p>
      <ul className="grid stats" aria-label="Placement summary">
        {(
          [
            ['Inbox rate', rate(s.inboxRate)],
            ['Inbox', count(s.inbox)],
            ['Gmail tabs', count(s.category)],
            ['Spam', count(s.spam)],
            ['Other folder', count(s.other)],
            ['Missing', count(s.missing)],
            ['Not sent', count(s.failed)],
          ] as const
        ).map(([label, value]) => (
          <li key={label} className="card stat-card">
            <span className="stat-label">{label}</span>
            <span className="stat">{value}</span>
          </li>
        ))}
      </ul>
      <table className="placement-table">
        <caption>Inbox rate per sender and seed provider</caption>
        <TableHead columns={['Sender', ...grid.providers.map((p) => `#${p}`)]} />
        <tbody>
          {grid.senders.map((sender) => (
            <tr key={sender}>
              <th scope="row">{email.get(sender) ?? sender}</th>
              {grid.providers.map((p) => {
                const c = grid.cell(sender, p);
                return (
                  <td key={p} className="num">
                    {c ? `${rate(c.rate)}${c.pending ? ` (${c.pending} looked for)` : ''}` : '—'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <table className="placement-table">
        <caption>Every copy</caption>
        <TableHead columns={['Sender', 'Seed provider', 'Placement', 'Folder', 'Authentication', '#Delay', 'Detail']} />
        <tbody>
          {test.results.map((r) => {
            const p = placementWords(r.placement);
            return (
              <tr key={`${r.mailboxId}-${r.seedId}`}>
                <th scope="row">{email.get(r.mailboxId) ?? r.mailboxId}</th>
                <td>{r.seedProvider}</td>
                <td>
                  <span className={`badge ${p.badge}`}>{p.words}</span>
                </td>
                <td>{r.folder ?? '—'}</td>
                <td>{r.placement && r.placement !== 'failed' && r.placement !== 'missing' ? <span className={`badge ${authTone(r.auth)}`}>{authInWords(r.auth)}</span> : '—'}</td>
                <td className="num">{r.delaySeconds == null ? '—' : `${count(r.delaySeconds)} s`}</td>
                <td className="reason">{r.detail ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

const COLORS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#a21caf'];

function RateTrend({ items }: { items: TestListItem[] }) {
  const done = items.filter((t) => t.status === 'done');
  const trend = rateTrend(done);
  return (
    <section className="card report-section" aria-labelledby="placement-trend-title">
      <h2 id="placement-trend-title">Inbox rate over time</h2>
      <Chart
        label="Each inbox's inbox rate in the recent placement tests, in percent"
        x={trend.x}
        series={trend.series.slice(0, COLORS.length).map((s, i) => ({ label: s.email, values: s.values, color: COLORS[i]! }))}
        table={{ summary: 'The rates as a table', rowHeader: 'Test', rows: trend.days }}
      />
    </section>
  );
}
