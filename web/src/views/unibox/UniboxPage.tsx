// The unibox (decisions.md §14): replies across inboxes with filters (unread, kind, label, inbox,
// untracked; kept in the query string), the open reply in the URL (/unibox/:replyId, so it can be linked
// and survives a reload), and a keyboard of its own (j/k/e, useUniboxKeys.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import { Page } from '../../ui/Page';
import { ErrorState, Loading } from '../../ui/QueryView';
import { filtersSearch, parseFilters, replyQuery, type UniboxFilters } from './filters';
import { UniboxChoices, UniboxUpdateReply } from './operations';
import { NewRepliesNotice } from './NewRepliesNotice';
import { ReplyFilters } from './ReplyFilters';
import { ReplyList } from './ReplyList';
import { ReplyReader } from './ReplyReader';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useDropListItem, usePatchListItem, useReplyList, type ReplyListItem } from './useReplyList';
import { useUniboxKeys } from './useUniboxKeys';
import './unibox.css';

const HELP_ID = 'unibox-shortcuts';

export default function UniboxPage({ replyId }: { replyId?: string }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseFilters(search), [search]);
  const qs = filtersSearch(filters);
  const query = useMemo(() => replyQuery(filters), [filters]);
  const list = useReplyList(query);
  const choices = useGraphQL(UniboxChoices);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.replies.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.replies.total ?? 0;
  const [announcement, setAnnouncement] = useState('');
  const [helpOpen, setHelpOpen] = useState(false);
  // Set when the keyboard moved the selection: the new item's link then takes the focus.
  const focusAfterOpen = useRef(false);

  const open = useCallback(
    (id: string, opts: { focus: boolean }) => {
      focusAfterOpen.current = opts.focus;
      navigate(`/unibox/${id}${qs}`);
    },
    [navigate, qs],
  );
  const setFilters = (f: UniboxFilters) => navigate(`/unibox${replyId ? `/${replyId}` : ''}${filtersSearch(f)}`, { replace: true });

  // Announce each change of the open reply, politely (the live region below).
  useEffect(() => {
    if (!replyId) return;
    const at = items.findIndex((r) => r.id === replyId);
    if (at >= 0) setAnnouncement(describe(items[at]!, at, total));
    if (focusAfterOpen.current) {
      focusAfterOpen.current = false;
      document.querySelector<HTMLElement>(`[data-reply-id="${CSS.escape(replyId)}"]`)?.focus();
    }
    // Only a new selection is announced, not every refresh of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [replyId]);

  /** The item `step` places from the open one (the first when none is open or it left the list). */
  const neighbour = (step: 1 | -1): ReplyListItem | undefined => {
    const at = items.findIndex((r) => r.id === replyId);
    if (at < 0) return items[0];
    return items[at + step];
  };
  const move = (step: 1 | -1) => {
    const target = neighbour(step);
    if (target) open(target.id, { focus: true });
    else if (step === 1 && list.hasNextPage) void list.fetchNextPage();
    else setAnnouncement(step === 1 ? 'No more replies.' : 'This is the first reply.');
  };

  // `e` (done) maps to updateReply { isRead: true } (PATCH /replies/:id is_read), then opens the next
  // reply. The API has no archive: is_read is its "handled" flag (the unread filter and the unread counts
  // are the team's queue of what waits), while snooze only hides an item until a moment, after which it
  // comes back, and a snoozed item is in no list at all. So done = read and out of the unread queue:
  // with "Unread only" on, the reply leaves the list (the others stay where they are).
  const markDone = useGraphQLMutation(UniboxUpdateReply, ['UniboxReply']);
  const toggleRead = useGraphQLMutation(UniboxUpdateReply, ['UniboxReply']);
  const patchList = usePatchListItem();
  const dropFromList = useDropListItem();
  const done = () => {
    const current = items.find((r) => r.id === replyId);
    if (!current) return;
    const next = neighbour(1) ?? neighbour(-1);
    markDone.mutate(
      { id: current.id, input: { isRead: true } },
      {
        onSuccess: () => {
          if (filters.unread) dropFromList(current.id);
          else patchList(current.id, { isRead: true });
          if (next && next.id !== current.id) open(next.id, { focus: true });
          setAnnouncement(`Marked done: ${current.subject || current.fromEmail}.`);
        },
      },
    );
  };
  const toggleOpenRead = () => {
    const current = items.find((r) => r.id === replyId);
    if (!current) return;
    const isRead = !current.isRead;
    toggleRead.mutate(
      { id: current.id, input: { isRead } },
      {
        onSuccess: () => {
          patchList(current.id, { isRead });
          setAnnouncement(isRead ? 'Marked read.' : 'Marked unread.');
        },
      },
    );
  };

  useUniboxKeys({
    next: () => move(1),
    previous: () => move(-1),
    done,
    toggleRead: toggleOpenRead,
    toggleHelp: () => setHelpOpen((o) => !o),
    closeHelp: () => setHelpOpen(false),
  });

  /** After a snooze the open reply left the list: open the next one, or close the pane. */
  const onHidden = () => {
    const next = neighbour(1) ?? neighbour(-1);
    if (next && next.id !== replyId) open(next.id, { focus: true });
    else navigate(`/unibox${qs}`);
  };

  const filtered = qs !== '';
  return (
    <Page
      title="Unibox"
      actions={
        <button type="button" aria-expanded={helpOpen} aria-controls={HELP_ID} onClick={() => setHelpOpen((o) => !o)}>
          Keyboard shortcuts <kbd>?</kbd>
        </button>
      }
    >
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {helpOpen ? <ShortcutsHelp id={HELP_ID} /> : null}
      <div className="unibox">
        <div className="unibox-pane">
          <ReplyFilters filters={filters} inboxes={choices.data?.mailboxes ?? []} onChange={setFilters} />
          {list.isSuccess ? <NewRepliesNotice query={query} newestShown={items[0]} onShow={() => void list.refetch()} /> : null}
          {list.isPending ? (
            <Loading what="replies" />
          ) : list.isError ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          ) : items.length === 0 ? (
            <div className="empty">{filtered ? 'No replies match these filters.' : 'No replies yet. Replies to your campaigns appear here.'}</div>
          ) : (
            <ReplyList
              items={items}
              selectedId={replyId}
              search={qs}
              total={total}
              hasMore={list.hasNextPage}
              loadingMore={list.isFetchingNextPage}
              onLoadMore={() => void list.fetchNextPage()}
            />
          )}
          <ErrorState error={markDone.error ?? toggleRead.error ?? (list.isFetchNextPageError ? list.error : null)} />
        </div>
        <div className="unibox-pane unibox-reading" aria-label="Reading pane" role="region">
          {replyId ? (
            <ReplyReader id={replyId} members={choices.data?.members ?? []} savedReplies={choices.data?.savedReplies ?? []} onHidden={onHidden} />
          ) : (
            <div className="empty">Choose a reply to read it, or press j to open the first.</div>
          )}
        </div>
      </div>
    </Page>
  );
}

function describe(r: ReplyListItem, at: number, total: number): string {
  return `Reply ${at + 1} of ${total}: from ${r.fromEmail}, ${r.subject || 'no subject'}${r.isRead ? '' : ', unread'}.`;
}
