// The campaign's state: status badge, Activate / Pause, and whether it sends now and why not, in the
// service's words (campaignSendingStatus reasons and notes). A refused activation (no steps, no inbox,
// blank columns, …) shows the service's message and its details; an accepted one its warnings.
import { useEffect } from 'react';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import { count, dateTime } from '../../ui/format';
import { ErrorState, Loading } from '../../ui/QueryView';
import type { CampaignDetail } from './campaign-types';
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
        text
        details
      }
      notes {
        code
        text
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
        text
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
  const warnings = activate.data?.activateCampaign.warnings ?? [];
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
            <strong>{activate.error ? 'The campaign was not activated.' : 'The campaign was not paused.'}</strong> {refusal.message}
          </p>
          {detailsInWords(refusal.details).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <div className="notice" role="status">
          <strong>Activated, with warnings:</strong>
          <ul>
            {warnings.map((w) => (
              <li key={w.code}>{w.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <SendingStatus campaignId={campaign.id} />
    </div>
  );
}

function SendingStatus({ campaignId }: { campaignId: string }) {
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
              {r.text}
              {detailsInWords(r.details).map((line) => (
                <span key={line} className="muted">
                  {' '}
                  ({line})
                </span>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      {s.notes.length > 0 ? (
        <ul className="notes muted">
          {s.notes.map((n) => (
            <li key={n.code}>{n.text}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
