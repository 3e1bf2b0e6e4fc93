// Connect an inbox (createMailbox): the address and sender name, one login for both servers (the schema
// keeps one username and password per inbox), the SMTP server with its TLS choice and the IMAP server,
// and the ramp's ceiling. Once saved, the service logs in to both servers (testMailbox) and the outcome is
// shown in words, so a wrong password is found now rather than at the first send.
import { useState, type FormEvent } from 'react';
import { useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import type { CreateMailboxInput } from '../../gql/graphql';
import { ErrorState } from '../../ui/QueryView';
import { SettingsTestInbox, TestOutcome, type TestResult } from './TestOutcome';

const SettingsConnectInbox = graphql(`
  mutation SettingsConnectInbox($input: CreateMailboxInput!) {
    createMailbox(input: $input) {
      id
      email
    }
  }
`);

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const int = (form: FormData, name: string) => Number.parseInt(text(form, name), 10);

function inputFrom(form: FormData): CreateMailboxInput {
  return {
    email: text(form, 'email'),
    fromName: text(form, 'fromName'),
    username: text(form, 'username'),
    password: String(form.get('password') ?? ''),
    smtpHost: text(form, 'smtpHost'),
    smtpPort: int(form, 'smtpPort'),
    smtpSecure: form.get('smtpSecure') === 'on',
    imapHost: text(form, 'imapHost'),
    imapPort: int(form, 'imapPort'),
    // A seed never sends: its cap is never used (decisions.md §16).
    dailyCap: form.get('purpose') === 'seed' ? 1 : int(form, 'dailyCap'),
    purpose: form.get('purpose') === 'seed' ? 'seed' : 'sending',
  };
}

export function ConnectInboxForm({ onClose }: { onClose: () => void }) {
  const connect = useGraphQLMutation(SettingsConnectInbox, ['SettingsInboxes', 'ReportsDeliverability', 'ReportsDomains']);
  const test = useGraphQLMutation(SettingsTestInbox, ['SettingsInboxes']);
  const [connected, setConnected] = useState<{ email: string; result: TestResult } | null>(null);
  const [purpose, setPurpose] = useState<'sending' | 'seed'>('sending');

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const created = await connect.mutateAsync({ input: inputFrom(new FormData(form)) }).catch(() => null);
    if (!created) return; // the error is on the form
    form.reset();
    const tested = await test.mutateAsync({ id: created.createMailbox.id }).catch(() => null);
    if (tested) setConnected({ email: created.createMailbox.email, result: tested.testMailbox });
  };

  return (
    <div className="card connect-inbox">
      <h3 id="connect-title">Connect an inbox</h3>
      {connected ? (
        <div className="connected">
          <p>
            <strong>{connected.email}</strong> is connected. The connection test said:
          </p>
          <TestOutcome result={connected.result} />
        </div>
      ) : null}
      <form className="stack" aria-labelledby="connect-title" onSubmit={(e) => void submit(e)}>
        <label>
          What it is for
          <select name="purpose" value={purpose} onChange={(e) => setPurpose(e.target.value as 'sending' | 'seed')}>
            <option value="sending">Sending: campaigns send from it</option>
            <option value="seed">Seed: placement tests send to it; it never sends</option>
          </select>
        </label>
        <div className="row">
          <label className="grow">
            Email address
            <input name="email" type="email" required autoComplete="off" />
          </label>
          <label className="grow">
            Sender name
            <input name="fromName" required autoComplete="off" />
          </label>
        </div>
        <div className="row">
          <label className="grow">
            Username
            <input name="username" required autoComplete="off" />
          </label>
          <label className="grow">
            Password
            <input name="password" type="password" required autoComplete="new-password" />
          </label>
        </div>
        <fieldset>
          <legend>SMTP (sending)</legend>
          <div className="row">
            <label className="grow">
              SMTP host
              <input name="smtpHost" required autoComplete="off" />
            </label>
            <label>
              SMTP port
              <input name="smtpPort" type="number" min={1} max={65535} defaultValue={587} required />
            </label>
            <label className="check">
              <input name="smtpSecure" type="checkbox" /> TLS from the start (port 465)
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend>IMAP (reading replies)</legend>
          <div className="row">
            <label className="grow">
              IMAP host
              <input name="imapHost" required autoComplete="off" />
            </label>
            <label>
              IMAP port
              <input name="imapPort" type="number" min={1} max={65535} defaultValue={993} required />
            </label>
          </div>
        </fieldset>
        {purpose === 'sending' ? (
          <label>
            Daily cap (the warm-up ramp climbs to it)
            <input name="dailyCap" type="number" min={1} defaultValue={30} required />
          </label>
        ) : null}
        <ErrorState error={connect.error ?? test.error} />
        <div className="row">
          <button type="submit" className="primary" disabled={connect.isPending || test.isPending}>
            {connect.isPending ? 'Connecting…' : test.isPending ? 'Testing the connection…' : 'Connect'}
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </div>
  );
}
