// What can be done to the open reply besides answering it: label it (copied to its lead's interest),
// assign it to a member, mark it read or unread, snooze it (SnoozeControl).
import { Options } from '../../ui/Options';
import { useGraphQLMutation } from '../../api/graphql';
import { ErrorState } from '../../ui/QueryView';
import { LABELS } from './filters';
import { UniboxAssignReply, UniboxUpdateReply } from './operations';
import { SnoozeControl } from './SnoozeControl';

const REFRESH = ['UniboxReply', 'UniboxReplies', 'UniboxThread'];

interface Props {
  reply: { id: string; status: string; isRead: boolean; assignedUserId?: string | null; snoozedUntil?: string | null };
  members: { id: string; name: string; email: string }[];
  /** The reply left the list (snoozed): open the next one. */
  onHidden: () => void;
}

export function ReplyActions({ reply, members, onHidden }: Props) {
  const update = useGraphQLMutation(UniboxUpdateReply, REFRESH);
  const assign = useGraphQLMutation(UniboxAssignReply, REFRESH);
  // While a change is on its way, the selects show the value chosen, not the one it replaces.
  const status = update.isPending && update.variables.input.status ? update.variables.input.status : reply.status;
  const assignee = assign.isPending ? (assign.variables.input.userId ?? '') : (reply.assignedUserId ?? '');
  return (
    <section className="unibox-actions" aria-label="Actions">
      <div className="row">
        <label>
          Label
          <select value={status} disabled={update.isPending} onChange={(e) => update.mutate({ id: reply.id, input: { status: e.target.value } })}>
            <Options choices={LABELS} />
          </select>
        </label>
        <label>
          Assigned to
          <select value={assignee} disabled={assign.isPending} onChange={(e) => assign.mutate({ id: reply.id, input: { userId: e.target.value || null } })}>
            <option value="">Nobody</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name || m.email}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={update.isPending} onClick={() => update.mutate({ id: reply.id, input: { isRead: !reply.isRead } })}>
          {reply.isRead ? 'Mark unread' : 'Mark read'}
        </button>
      </div>
      <SnoozeControl replyId={reply.id} snoozedUntil={reply.snoozedUntil ?? null} onSnoozed={onHidden} />
      <ErrorState error={update.error ?? assign.error} />
    </section>
  );
}
