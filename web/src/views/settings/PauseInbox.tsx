// Pause an inbox (it sends nothing until resumed; replies are still read) or resume it. An inbox that
// bounce protection stopped is not resumed from here: the service refuses (409) until its bounces are
// looked at, and the refusal is shown in words.
import { useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import { ErrorState } from '../../ui/QueryView';

const SettingsPauseInbox = graphql(`
  mutation SettingsPauseInbox($id: ID!) {
    pauseMailbox(id: $id) {
      status
    }
  }
`);

const SettingsResumeInbox = graphql(`
  mutation SettingsResumeInbox($id: ID!) {
    resumeMailbox(id: $id) {
      status
    }
  }
`);

/** What pausing or resuming changes on other screens: the inbox list, and what campaigns say of their inboxes. */
const REFRESH = ['SettingsInboxes', 'CampaignSendingStatus', 'CampaignsStatuses'];

export function PauseInbox({ inbox }: { inbox: { id: string; email: string; status: string } }) {
  const pause = useGraphQLMutation(SettingsPauseInbox, REFRESH);
  const resume = useGraphQLMutation(SettingsResumeInbox, REFRESH);
  const paused = inbox.status !== 'active';
  const busy = pause.isPending || resume.isPending;
  return (
    <>
      {paused ? (
        <button type="button" disabled={busy} onClick={() => resume.mutate({ id: inbox.id })} aria-label={`Resume ${inbox.email}`}>
          Resume
        </button>
      ) : (
        <button type="button" disabled={busy} onClick={() => pause.mutate({ id: inbox.id })} aria-label={`Pause ${inbox.email}`}>
          Pause
        </button>
      )}
      <ErrorState error={pause.error ?? resume.error} />
    </>
  );
}
