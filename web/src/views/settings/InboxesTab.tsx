// Inboxes: each with its status, health score and warm-up ramp (what it may send today on its way to the
// daily cap), its sender-pool tags, a connection test, pause and resume, and removal; and the form that connects a new one.
// Google and Microsoft inboxes connect with their sign-in instead (OAuthConnect.tsx, decisions.md §15).
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
        {(d) => <InboxTable inboxes={d.mailboxes} scores={d.mailboxScores} />}
      </QueryView>
    </section>
  );
}

function InboxTable({ inboxes, scores }: { inboxes: Inbox[]; scores: Score[] }) {
  const scoreOf = new Map(scores.map((s) => [s.mailboxId, s]));
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
  const test = useGraphQLMutation(SettingsTestInbox, ['SettingsInboxes']);
  const remove = useGraphQLMutation(SettingsRemoveInbox, ['SettingsInboxes', 'ReportsDeliverability', 'ReportsDomains']);
  const status = STATUS[inbox.status] ?? { badge: '', words: inbox.status };
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
        <div className="actions">
          <button type="button" onClick={() => test.mutate({ id: inbox.id })} disabled={test.isPending} aria-label={`Test connection of ${inbox.email}`}>
            {test.isPending ? 'Testing…' : 'Test connection'}
          </button>
          {inbox.status === 'reconnect_needed' ? <ReconnectInbox inbox={inbox} /> : <PauseInbox inbox={inbox} />}
          <ConfirmButton label={`Remove ${inbox.email}`} text="Remove" confirmText="Yes, remove" pending={remove.isPending} onConfirm={() => remove.mutate({ id: inbox.id })} />
        </div>
        {test.data ? <TestOutcome result={test.data.testMailbox} /> : null}
        <ErrorState error={test.error ?? remove.error} />
      </td>
    </tr>
  );
}
