// The connection test of an inbox (testMailbox): the service logs in to its SMTP and IMAP servers, and
// what each said is shown in words.
import { graphql } from '../../gql';
import type { SettingsTestInboxMutation } from '../../gql/graphql';

export const SettingsTestInbox = graphql(`
  mutation SettingsTestInbox($id: ID!) {
    testMailbox(id: $id) {
      status
      smtp {
        ok
        detail
      }
      imap {
        ok
        detail
      }
    }
  }
`);

export type TestResult = SettingsTestInboxMutation['testMailbox'];

/** What each server said when the service logged in: a pass or the server's answer, in words. */
export function TestOutcome({ result }: { result: TestResult }) {
  return (
    <div role="status">
      <ul className="test-outcome">
        {(['smtp', 'imap'] as const).map((k) => (
          <li key={k} className={result[k].ok ? 'ok' : 'fail'}>
            <strong>
              {k.toUpperCase()} {result[k].ok ? 'works' : 'failed'}:
            </strong>{' '}
            {result[k].detail}
          </li>
        ))}
      </ul>
    </div>
  );
}
