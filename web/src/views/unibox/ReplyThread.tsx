// The conversation around a reply, as the schema offers it: the lead's timeline (leadActivity), keeping
// what we sent (sequence steps and one-off emails, answers included) and what came back (replies,
// auto-replies, bounces), each as the short line the service words. Oldest first.
import { useGraphQL } from '../../api/graphql';
import { dateTime } from '../../ui/format';
import { QueryView } from '../../ui/QueryView';
import { UniboxThread } from './operations';

const MESSAGE_TYPES: Record<string, string> = {
  sent: 'We sent',
  one_off: 'We sent (one-off)',
  reply: 'They replied',
  auto_reply: 'Auto-reply',
  bounce: 'Bounce',
};

export function ReplyThread({ leadId }: { leadId: string }) {
  const query = useGraphQL(UniboxThread, { leadId });
  return (
    <section aria-labelledby="unibox-thread-title">
      <h3 id="unibox-thread-title">Thread</h3>
      <QueryView
        query={query}
        what="the thread"
        isEmpty={(d) => !d.leadActivity.timeline.some((t) => t.type in MESSAGE_TYPES)}
        empty="Nothing sent to or received from this lead yet."
      >
        {(d) => (
          <>
            <p className="muted">
              {d.leadActivity.lead.email} · {d.leadActivity.lead.campaignName}
            </p>
            <ol className="unibox-thread">
              {d.leadActivity.timeline
                .filter((t) => t.type in MESSAGE_TYPES)
                .map((t, i) => (
                  <li key={`${t.type}-${t.at}-${i}`} className={t.type === 'sent' || t.type === 'one_off' ? 'ours' : 'theirs'}>
                    <span className="unibox-thread-head">
                      <strong>{MESSAGE_TYPES[t.type]}</strong>
                      {t.stepLabel ? <span className="muted"> · {t.stepLabel}</span> : null}
                      <time className="muted" dateTime={t.at}>
                        {' '}
                        · {dateTime(t.at)}
                      </time>
                    </span>
                    <span>{t.detail ?? ''}</span>
                  </li>
                ))}
            </ol>
          </>
        )}
      </QueryView>
    </section>
  );
}
