// The unibox's filters live in the URL's query string (?unread=1&kind=reply&label=won&inbox=…&untracked=1),
// so a reload or a shared link keeps them. Pure: parsing and writing the query string, and turning the
// filters into the replies query's input.
import type { ReplyQueryInput } from '../../gql/graphql';

export const KINDS = [
  { value: 'reply', label: 'Reply' },
  { value: 'auto_reply', label: 'Auto-reply' },
  { value: 'bounce', label: 'Bounce' },
] as const;

/** A reply item's status: `lead` until labelled, else an interest label (schema.graphql ReplyQueryInput.status). */
export const LABELS = [
  { value: 'lead', label: 'Not labelled' },
  { value: 'interested', label: 'Interested' },
  { value: 'meeting_booked', label: 'Meeting booked' },
  { value: 'meeting_completed', label: 'Meeting completed' },
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
  { value: 'not_interested', label: 'Not interested' },
  { value: 'out_of_office', label: 'Out of office' },
  { value: 'wrong_person', label: 'Wrong person' },
] as const;

export const kindLabel = (kind: string) => KINDS.find((k) => k.value === kind)?.label ?? kind;
export const statusLabel = (status: string) => LABELS.find((l) => l.value === status)?.label ?? status.replace(/_/g, ' ');

export interface UniboxFilters {
  unread: boolean;
  untracked: boolean;
  kind: string;
  label: string;
  inbox: string;
}

export function parseFilters(search: string): UniboxFilters {
  const q = new URLSearchParams(search);
  return {
    unread: q.get('unread') === '1',
    untracked: q.get('untracked') === '1',
    kind: q.get('kind') ?? '',
    label: q.get('label') ?? '',
    inbox: q.get('inbox') ?? '',
  };
}

/** The query string for `f` ("" when no filter is set), keys in a fixed order. */
export function filtersSearch(f: UniboxFilters): string {
  const q = new URLSearchParams();
  if (f.unread) q.set('unread', '1');
  if (f.kind) q.set('kind', f.kind);
  if (f.label) q.set('label', f.label);
  if (f.inbox) q.set('inbox', f.inbox);
  if (f.untracked) q.set('untracked', '1');
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The replies query for `f`: an unset filter is left out (untracked unchecked lists both kinds of item). */
export function replyQuery(f: UniboxFilters): ReplyQueryInput {
  return {
    ...(f.unread ? { unread: true } : {}),
    ...(f.untracked ? { untracked: true } : {}),
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.label ? { status: f.label } : {}),
    ...(f.inbox ? { mailboxId: f.inbox } : {}),
  };
}
