// The filters above the list: unread, kind, label, inbox, untracked. Their values are the URL's query
// string (filters.ts); a change replaces it, so the back button is not flooded with filter steps.
import { Options } from '../../ui/Options';
import { KINDS, LABELS, type UniboxFilters } from './filters';

interface Props {
  filters: UniboxFilters;
  inboxes: { id: string; email: string }[];
  onChange: (f: UniboxFilters) => void;
}

export function ReplyFilters({ filters, inboxes, onChange }: Props) {
  const set = (patch: Partial<UniboxFilters>) => onChange({ ...filters, ...patch });
  return (
    <form className="filters unibox-filters" aria-label="Filter replies" onSubmit={(e) => e.preventDefault()}>
      <label className="check">
        <input type="checkbox" checked={filters.unread} onChange={(e) => set({ unread: e.target.checked })} />
        Unread only
      </label>
      <label>
        Kind
        <select value={filters.kind} onChange={(e) => set({ kind: e.target.value })}>
          <option value="">All kinds</option>
          <Options choices={KINDS} />
        </select>
      </label>
      <label>
        Label
        <select value={filters.label} onChange={(e) => set({ label: e.target.value })}>
          <option value="">All labels</option>
          <Options choices={LABELS} />
        </select>
      </label>
      <label>
        Inbox
        <select value={filters.inbox} onChange={(e) => set({ inbox: e.target.value })}>
          <option value="">All inboxes</option>
          {inboxes.map((i) => (
            <option key={i.id} value={i.id}>
              {i.email}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={filters.untracked} onChange={(e) => set({ untracked: e.target.checked })} />
        Untracked only
      </label>
    </form>
  );
}
