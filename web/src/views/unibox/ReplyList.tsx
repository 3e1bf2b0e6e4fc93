// The list pane: one link per reply (sender, subject, snippet, time, unread dot, kind and label badges).
// Links, so Tab reaches each one and Enter opens it; j/k (UniboxPage) move the selection and the focus.
import { Link } from 'wouter';
import { ago, dateTime } from '../../ui/format';
import { kindLabel, statusLabel } from './filters';
import type { ReplyListItem } from './useReplyList';

interface Props {
  items: ReplyListItem[];
  selectedId: string | undefined;
  /** The query string the links keep (the filters). */
  search: string;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export function ReplyList({ items, selectedId, search, total, hasMore, loadingMore, onLoadMore }: Props) {
  return (
    <>
      <p className="muted unibox-total">
        {items.length} of {total} {total === 1 ? 'reply' : 'replies'}
      </p>
      <ul className="unibox-list" aria-label="Replies">
        {items.map((r) => (
          <li key={r.id}>
            <Link
              href={`/unibox/${r.id}${search}`}
              className={`unibox-item${r.id === selectedId ? ' selected' : ''}${r.isRead ? '' : ' unread'}`}
              aria-current={r.id === selectedId ? 'true' : undefined}
              data-reply-id={r.id}
            >
              <span className="unibox-item-top">
                <span className="unibox-dot" aria-hidden="true" />
                <span className="unibox-from">{r.fromEmail}</span>
                <time dateTime={r.receivedAt} title={dateTime(r.receivedAt)}>
                  {ago(r.receivedAt)}
                </time>
              </span>
              <span className="unibox-subject">{r.subject || '(no subject)'}</span>
              <span className="unibox-snippet">{r.snippet}</span>
              <span className="unibox-badges">
                {r.isRead ? null : <span className="visually-hidden">Unread. </span>}
                {r.kind !== 'reply' ? <span className={`badge ${r.kind === 'bounce' ? 'danger' : 'warn'}`}>{kindLabel(r.kind)}</span> : null}
                {r.status !== 'lead' ? <span className="badge ok">{statusLabel(r.status)}</span> : null}
                {r.untracked ? <span className="badge draft">Untracked</span> : null}
                {r.repliedAt ? <span className="badge">Answered</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div className="pager">
          <button type="button" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </>
  );
}
