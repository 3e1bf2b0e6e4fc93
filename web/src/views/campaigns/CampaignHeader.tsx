// The campaign's state: status badge, Activate / Pause, and whether it sends now and why not
// (campaignSendingStatus reasons and notes). Reasons, notes, an activation's warnings and the refusals
// that name API fields are shown in the console's words, from their codes (status-words.ts), each with a
// link to the control that fixes it; another refusal (blank columns, …) shows the service's message and
// its details.
import { useEffect } from 'react';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import { count, dateTime } from '../../ui/format';
import { ErrorState, Loading } from '../../ui/QueryView';
import type { CampaignDetail } from './campaign-types';
import { useFixTarget, WordedLine } from './fix-links';
import { inWords, NOTE_WORDS, REASON_WORDS, REFUSAL_WORDS, WARNING_WORDS, type WordContext } from './status-words';
import { SubsequenceOf } from './SubsequenceOf';
import { detailsInWords } from './words';

const CampaignSendingStatus = graphql(`
  query CampaignSendingStatus($id: ID!) {
    campaignSendingStatus(id: $id) {
      sending
      sentToday
      dailyLimit
      dueNow
      nextDueAt
      dueToday {
        total
      }
      reasons {
        code
        details
      }
      notes {
        code
      }
    }
  }
`);

const CampaignActivate = graphql(`
  mutation CampaignActivate($id: ID!) {
    activateCampaign(id: $id) {
      status
      warnings {
        code
      }
    }
  }
`);

const CampaignPause = graphql(`
  mutation CampaignPause($id: ID!) {
    pauseCampaign(id: $id) {
      status
    }
  }
`);

const REFRESH = ['CampaignView', 'CampaignSendingStatus', 'Campaigns', 'CampaignStats'];

export function CampaignHeader({ campaign }: { campaign: CampaignDetail }) {
  const activate = useGraphQLMutation(CampaignActivate, REFRESH);
  const pause = useGraphQLMutation(CampaignPause, REFRESH);
  const busy = activate.isPending || pause.isPending;
  // A refusal is about the campaign as it was: once it changes (an inbox chosen, a step added), it goes.
  const { reset: resetActivate } = activate;
  const signature = `${campaign.mailboxIds.join()}|${campaign.mailboxTags.join()}|${campaign.steps.length}|${campaign.unsubHeader}`;
  useEffect(() => resetActivate(), [signature, resetActivate]);
  const refusal = activate.error ?? pause.error;
  // One line per code: several inboxes paused are one warning in words.
  const warnings = [...new Set((activate.data?.activateCampaign.warnings ?? []).map((w) => w.code))];
  const context: WordContext = { campaign };
  const activateRef = useFixTarget('activate');
  const refusalWords = refusal && refusal.code in REFUSAL_WORDS ? inWords(REFUSAL_WORDS, refusal.code, context) : null;
  return (
    <div className="card campaign-header">
      <div className="row">
        <span className={`badge ${campaign.status}`} aria-label={`Status: ${campaign.status}`}>
          {campaign.status}
        </span>
        {campaign.pausedReason ? <span className="muted">Paused by itself ({campaign.pausedReason.replace(/_/g, ' ')})</span> : null}
        <span className="spacer" />
        {campaign.status === 'active' ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              activate.reset();
              pause.mutate({ id: campaign.id });
            }}
          >
            Pause
          </button>
        ) : (
          <button
            ref={activateRef}
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => {
              pause.reset();
              activate.mutate({ id: campaign.id });
            }}
          >
            {campaign.status === 'paused' ? 'Resume' : 'Activate'}
          </button>
        )}
      </div>
      {campaign.parentCampaignId ? <SubsequenceOf parentId={campaign.parentCampaignId} trigger={campaign.trigger} /> : null}
      {refusal ? (
        <div className="error-state" role="alert">
          <p>
            <strong>{activate.error ? 'The campaign was not activated.' : 'The campaign was not paused.'}</strong>{' '}
            {refusalWords ? <WordedLine worded={refusalWords} campaignId={campaign.id} /> : refusal.message}
          </p>
          {refusalWords ? null : detailsInWords(refusal.details).map((line) => <p key={line}>{line}</p>)}
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <div className="notice" role="status">
          <strong>Activated, with warnings:</strong>
          <ul>
            {warnings.map((code) => (
              <li key={code}>
                <WordedLine worded={inWords(WARNING_WORDS, code, context)} campaignId={campaign.id} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <SendingStatus campaign={campaign} />
    </div>
  );
}

function SendingStatus({ campaign }: { campaign: CampaignDetail }) {
  const campaignId = campaign.id;
  const query = useGraphQL(CampaignSendingStatus, { id: campaignId });
  if (query.isPending) return <Loading what="the sending status" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const s = query.data.campaignSendingStatus;
  return (
    <section aria-labelledby="sending-status" className="sending-status">
      <h2 id="sending-status">{s.sending ? 'Sending now' : 'Not sending'}</h2>
      <p className="muted">
        {count(s.sentToday)} of {count(s.dailyLimit)} sent today · {count(s.dueToday.total)} due today · {count(s.dueNow)} due now
        {s.nextDueAt ? ` · next due ${dateTime(s.nextDueAt)}` : ''}
      </p>
      {s.reasons.length > 0 ? (
        <ul className="reasons">
          {s.reasons.map((r) => (
            <li key={r.code}>
              <WordedLine worded={inWords(REASON_WORDS, r.code, { campaign, details: r.details })} campaignId={campaignId} />
            </li>
          ))}
        </ul>
      ) : null}
      {s.notes.length > 0 ? (
        <ul className="notes muted">
          {s.notes.map((n) => (
            <li key={n.code}>
              <WordedLine worded={inWords(NOTE_WORDS, n.code, { campaign })} campaignId={campaignId} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
