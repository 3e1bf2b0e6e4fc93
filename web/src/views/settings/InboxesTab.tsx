// Inboxes: each with its status, health score and warm-up ramp (what it may send today on its way to the
// daily cap), its sender-pool tags, a connection test, pause and resume, and removal; and the form that connects a new one.
// Google and Microsoft inboxes connect with their sign-in instead (OAuthConnect.tsx, decisions.md §15).
// Seeds (decisions.md §16: mailboxes placement tests send to, which never send) are listed apart.
import { useState } from 'react';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import type { SettingsInboxesQuery } from '../../gql/graphql';
import { count, dateTime } from '../../ui/format';
import { ErrorState, QueryView } from '../../ui/QueryView';
import { ConnectInboxForm } from './ConnectInboxForm';
import { ConfirmButton } from './ConfirmButton';
import { InboxTags } from './InboxTags';
import { ConnectWithProvider, OAuthOutcome, PROVIDER_NAMES, ReconnectInbox } from './OAuthConnect';
import { PauseInbox } from './PauseInbox';
import { SettingsTestInbox, TestOutcome } from './TestOutcome';

const SettingsInboxes = graphql(`
  query SettingsInboxes {
    mailboxes {
      id
      email
      fromName
      status
      lastError
      backoffUntil
      smtpHost
      smtpPort
      imapHost
      imapPort
      oauthProvider
      sentToday
      capToday
      dailyCap
      rampShare
      rampStartedAt
      tags
      purpose
      seedProvider
      pausedReason
    }
    mailboxScores {
      mailboxId
      score
      enoughSends
    }
  }
`);

const SettingsRemoveInbox = graphql(`
  mutation SettingsRemoveInbox($id: ID!) {
    deleteMailbox(id: $id) {
      deleted
    }
  }
`);

type Inbox = SettingsInboxesQuery['mailboxes'][number];
type Score = SettingsInboxesQuery['mailboxScores'][number];

const STATUS: Record<string, { badge: string; words: string }> = {
  active: { badge: 'ok', words: 'active' },
  paused: { badge: 'warn', words: 'paused' },
  bounce_stopped: { badge: 'danger', words: 'stopped by bounces' },
  reconnect_needed: { badge: 'danger', words: 'needs reconnecting' },
};
const statusOf = (inbox: Inbox) =>
  inbox.status === 'paused' && inbox.pausedReason === 'placement'
    ? { badge: 'danger', words: 'paused for its placement' }
    : (STATUS[inbox.status] ?? { badge: '', words: inbox.status });

export function InboxesTab() {
  const query = useGraphQL(SettingsInboxes);
  const [connecting, setConnecting] = useState(false);
  return (
    <section aria-labelledby="inboxes-title">
      <div className="row section-head">
        <h2 id="inboxes-title">Inboxes</h2>
        {!connecting ? (
          <div className="actions">
            <ConnectWithProvider />
            <button type="button" className="primary" onClick={() => setConnecting(true)}>
              Connect an inbox
            </button>
          </div>
        ) : null}
      </div>
      <OAuthOutcome />
      {connecting ? <ConnectInboxForm onClose={() => setConnecting(false)} /> : null}
      <QueryView query={query} what="inboxes" isEmpty={(d) => d.mailboxes.length === 0} empty="No inbox connected yet: connect one to start sending.">
        {(d) => (
          <>
            <InboxTable inboxes={d.mailboxes.filter((m) => m.purpose !== 'seed')} scores={d.mailboxScores} />
            <SeedTable seeds={d.mailboxes.filter((m) => m.purpose === 'seed')} />
          </>
        )}
      </QueryView>
    </section>
  );
}

/** Seeds: where placement tests send (Reports → Placement); they never send and are not read for replies. */
function SeedTable({ seeds }: { seeds: Inbox[] }) {
  return (
    <section className="seeds" aria-labelledby="seeds-title">
      <h3 id="seeds-title">Seed inboxes for placement tests</h3>
      {seeds.length === 0 ? (
        <p className="muted">No seed yet: connect a mailbox of your own at Gmail, Outlook, Yahoo or your domain as a seed to see where your mail lands.</p>
      ) : (
        <table className="inboxes">
          <caption className="visually-hidden">Seed inboxes</caption>
          <thead>
            <tr>
              <th scope="col">Seed</th>
              <th scope="col">Provider</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {seeds.map((seed) => (
              <SeedRow key={seed.id} seed={seed} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function SeedRow({ seed }: { seed: Inbox }) {
  const status = statusOf(seed);
  return (
    <tr>
      <th scope="row">
        {seed.email}
        <div className="muted small">
          IMAP {seed.imapHost}:{seed.imapPort}
        </div>
        {seed.lastError ? <div className="inbox-error">Last error: {seed.lastError}</div> : null}
      </th>
      <td>{seed.seedProvider ?? '—'}</td>
      <td>
        <span className={`badge ${status.badge}`}>{status.words}</span>
      </td>
      <td>
        <InboxActions inbox={seed} />
      </td>
    </tr>
  );
}

/** Test the connection, pause or resume (a sending inbox), remove; with what the test and a refusal said. */
function InboxActions({ inbox, pauseable = false }: { inbox: Inbox; pauseable?: boolean }) {
  const test = useGraphQLMutation(SettingsTestInbox, ['SettingsInboxes']);
  const remove = useGraphQLMutation(SettingsRemoveInbox, ['SettingsInboxes', 'ReportsDeliverability', 'ReportsDomains']);
  return (
    <>
      <div className="actions">
        <button type="button" onClick={() => test.mutate({ id: inbox.id })} disabled={test.isPending} aria-label={`Test connection of ${inbox.email}`}>
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        {inbox.status === 'reconnect_needed' ? <ReconnectInbox inbox={inbox} /> : pauseable ? <PauseInbox inbox={inbox} /> : null}
        <ConfirmButton label={`Remove ${inbox.email}`} text="Remove" confirmText="Yes, remove" pending={remove.isPending} onConfirm={() => remove.mutate({ id: inbox.id })} />
      </div>
      {test.data ? <TestOutcome result={test.data.testMailbox} /> : null}
      <ErrorState error={test.error ?? remove.error} />
    </>
  );
}

function InboxTable({ inboxes, scores }: { inboxes: Inbox[]; scores: Score[] }) {
  const scoreOf = new Map(scores.map((s) => [s.mailboxId, s]));
  if (!inboxes.length) return <p className="muted">No sending inbox yet: connect one to start sending.</p>;
  return (
    <table className="inboxes">
      <caption className="visually-hidden">Connected inboxes</caption>
      <thead>
        <tr>
          <th scope="col">Inbox</th>
          <th scope="col">Status</th>
          <th scope="col">Health</th>
          <th scope="col">Warm-up ramp</th>
          <th scope="col">Tags</th>
          <th scope="col" className="num">
            Sent today
          </th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {inboxes.map((inbox) => (
          <InboxRow key={inbox.id} inbox={inbox} score={scoreOf.get(inbox.id)} />
        ))}
      </tbody>
    </table>
  );
}

function InboxRow({ inbox, score }: { inbox: Inbox; score: Score | undefined }) {
  const status = statusOf(inbox);
  return (
    <tr>
      <th scope="row">
        {inbox.email}
        <div className="muted small">
          {inbox.fromName} · SMTP {inbox.smtpHost}:{inbox.smtpPort} · IMAP {inbox.imapHost}:{inbox.imapPort}
          {inbox.oauthProvider ? ` · signs in with ${PROVIDER_NAMES[inbox.oauthProvider] ?? inbox.oauthProvider}` : ''}
        </div>
        {inbox.lastError ? <div className="inbox-error">Last error: {inbox.lastError}</div> : null}
      </th>
      <td>
        <span className={`badge ${status.badge}`}>{status.words}</span>
        {inbox.backoffUntil ? <div className="muted small">backing off until {dateTime(inbox.backoffUntil)}</div> : null}
      </td>
      <td>
        {score ? (
          <span title="Out of 100, from bounces, errors, replies and placement">
            {score.score}/100{score.enoughSends ? '' : ' (few sends yet)'}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td className="ramp">
        <div>
          <span className="small">
            {count(inbox.capToday)} of {count(inbox.dailyCap)} a day today ({inbox.rampShare}%)
          </span>
          <progress max={100} value={inbox.rampShare} aria-label={`Ramp of ${inbox.email}`} />
        </div>
        <span className="muted small">since {inbox.rampStartedAt}</span>
      </td>
      <td>
        <InboxTags inboxId={inbox.id} email={inbox.email} tags={inbox.tags} />
      </td>
      <td className="num">{count(inbox.sentToday)}</td>
      <td>
        <InboxActions inbox={inbox} pauseable />
      </td>
    </tr>
  );
}
