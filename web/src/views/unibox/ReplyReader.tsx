// The reading pane: the open reply as text (never its HTML), why the classifier gave it its kind, the
// actions, its thread, and the answer form; for an untracked reply, linking it to its lead comes first.
// Opening an unread reply marks it read (PATCH /replies/:id is_read, the API's way to say it was seen).
import { useEffect, useRef } from 'react';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import type { UniboxReplyQuery } from '../../gql/graphql';
import { dateTime } from '../../ui/format';
import { QueryView } from '../../ui/QueryView';
import { ruleInWords } from './classification';
import { kindLabel, statusLabel } from './filters';
import { AnswerForm } from './AnswerForm';
import { LinkLead } from './LinkLead';
import { UniboxReply, UniboxUpdateReply } from './operations';
import { ReplyActions } from './ReplyActions';
import { ReplyThread } from './ReplyThread';
import { usePatchListItem } from './useReplyList';

type Reply = UniboxReplyQuery['reply'];

interface Props {
  id: string;
  members: { id: string; name: string; email: string }[];
  savedReplies: { id: string; name: string }[];
  onHidden: () => void;
}

export function ReplyReader({ id, members, savedReplies, onHidden }: Props) {
  const query = useGraphQL(UniboxReply, { id });
  useMarkReadOnOpen(query.data?.reply);
  return (
    <QueryView query={query} what="the reply">
      {({ reply }) => (
        <article className="unibox-reader" aria-labelledby="unibox-subject">
          <header>
            <h2 id="unibox-subject">{reply.subject || '(no subject)'}</h2>
            <p className="muted">
              From <strong className="unibox-sender">{reply.fromEmail}</strong>
              {reply.replyTo && reply.replyTo !== reply.fromEmail ? <> (answers go to {reply.replyTo})</> : null} · {dateTime(reply.receivedAt)}
            </p>
            <p className="unibox-badges">
              <span className={`badge ${reply.kind === 'bounce' ? 'danger' : reply.kind === 'auto_reply' ? 'warn' : ''}`}>{kindLabel(reply.kind)}</span>{' '}
              <span className={`badge ${reply.status === 'lead' ? '' : 'ok'}`}>{statusLabel(reply.status)}</span>{' '}
              {reply.untracked ? <span className="badge draft">Untracked</span> : null}{' '}
              {reply.repliedAt ? <span className="badge">Answered {dateTime(reply.repliedAt)}</span> : null}
            </p>
          </header>
          {/* Text only: React escapes it, and white-space keeps its lines. The service keeps the text part. */}
          <div className="unibox-body" aria-label="Message">
            {reply.bodyText}
          </div>
          <Classification reply={reply} />
          <ReplyActions reply={reply} members={members} onHidden={onHidden} />
          {reply.leadId ? (
            <>
              <ReplyThread leadId={reply.leadId} />
              <AnswerForm replyId={reply.id} savedReplies={savedReplies} />
            </>
          ) : (
            <LinkLead replyId={reply.id} fromEmail={reply.fromEmail} />
          )}
        </article>
      )}
    </QueryView>
  );
}

function Classification({ reply }: { reply: Reply }) {
  const words = ruleInWords(reply.rule);
  return (
    <section className="unibox-why" aria-labelledby="unibox-why-title">
      <h3 id="unibox-why-title">Why it is {reply.kind === 'auto_reply' ? 'an auto-reply' : `a ${kindLabel(reply.kind).toLowerCase()}`}</h3>
      <p>
        {words ? <>Because {words} </> : <>The classifier&apos;s rule decided it </>}
        <span className="muted">(rule {reply.rule})</span>.
      </p>
      <p>
        Evidence: <q>{reply.evidence}</q>
      </p>
      {reply.leadAwayUntil ? <p>The lead is away until {dateTime(reply.leadAwayUntil)}; nothing is sent to them before then.</p> : null}
      {reply.assistedInterest ? (
        <p>
          Suggested label: <strong>{statusLabel(reply.assistedInterest)}</strong>
          {reply.assistedConfidence != null ? ` (${Math.round(reply.assistedConfidence * 100)}% confidence)` : ''}; never applied by itself.
        </p>
      ) : null}
    </section>
  );
}

/** Marks the open reply read once per opening. Only once: "Mark unread" must not be undone by the
 *  refetch that follows it. The list item's dot clears in place (usePatchListItem). */
function useMarkReadOnOpen(reply: Reply | undefined) {
  const marked = useRef<string | null>(null);
  const markRead = useGraphQLMutation(UniboxUpdateReply, ['UniboxReply']);
  const patchList = usePatchListItem();
  const { mutate } = markRead;
  useEffect(() => {
    if (!reply || marked.current === reply.id) return;
    marked.current = reply.id;
    if (reply.isRead) return;
    mutate({ id: reply.id, input: { isRead: true } }, { onSuccess: () => patchList(reply.id, { isRead: true }) });
  }, [reply, mutate, patchList]);
}
