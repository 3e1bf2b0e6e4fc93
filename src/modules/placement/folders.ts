// decisions.md §16: which folders of a seed are searched, and what finding a copy in each means. Pure, so
// the rules are unit-tested on the folder lists real providers show (test/unit/placement-folders.test.ts).
//
// - Sent, Drafts and Trash are never searched: by RFC 6154 special use (\Sent, \Drafts, \Trash), or by
//   the usual names when the server marks none (Sent Items, Deleted Items, …, at any depth: "[Gmail]/Sent Mail").
// - INBOX is `inbox` (or a Gmail tab, `category`, where the server offers X-GM-EXT-1: read-seed.ts).
// - `spam`: the folder marked \Junk; when none is marked, a folder named Junk, Spam, Junk E-mail or Bulk
//   (also Junk Email, Bulk Mail, Spam Mail).
// - Any other folder is `other`, named in the result.
// - A folder that cannot be opened (\Noselect, \NonExistent) is skipped.
// A message can sit in several folders at once (Gmail's labels: INBOX and All Mail, Important, Starred):
// folders are searched in `order`, and the first sighting decides: INBOX, then spam, then real folders,
// then the views that only gather mail of other folders (\All, \Flagged, \Important).
import type { ImapFolder } from '../../runtime/ports';

export type FolderKind = 'inbox' | 'spam' | 'other';

export interface SearchedFolder {
  path: string;
  kind: FolderKind;
}

const SKIPPED_USES = new Set(['\\sent', '\\drafts', '\\trash']);
const UNOPENABLE = new Set(['\\noselect', '\\nonexistent']);
/** Views of mail kept in other folders: a sighting there counts only when no real folder has the copy. */
const VIEWS = new Set(['\\all', '\\flagged', '\\important']);

const SKIPPED_NAMES = new Set(['sent', 'sent items', 'sent mail', 'sent messages', 'sent-mail', 'drafts', 'draft', 'trash', 'deleted', 'deleted items', 'deleted messages', 'bin']);
const SPAM_NAMES = new Set(['junk', 'spam', 'junk e-mail', 'junk email', 'bulk', 'bulk mail', 'spam mail']);

/** The folder's own name: the last part of its path, whatever the hierarchy delimiter. */
const leafName = (path: string) =>
  path
    .split(/[/.]/)
    .filter((p) => p !== '')
    .pop()
    ?.trim()
    .toLowerCase() ?? '';

const use = (f: ImapFolder) => f.specialUse?.toLowerCase() ?? null;

/** The folders to search, in the order whose first sighting decides, each with what a sighting means. */
export function foldersToSearch(folders: readonly ImapFolder[]): SearchedFolder[] {
  const openable = folders.filter((f) => !(f.flags ?? []).some((flag) => UNOPENABLE.has(flag.toLowerCase())));
  const anyJunkMarked = openable.some((f) => use(f) === '\\junk');
  const rank = (f: ImapFolder, kind: FolderKind) => (kind === 'inbox' ? 0 : kind === 'spam' ? 1 : VIEWS.has(use(f) ?? '') ? 3 : 2);
  const out: (SearchedFolder & { rank: number })[] = [];
  for (const f of openable) {
    const special = use(f);
    if (special && SKIPPED_USES.has(special)) continue;
    if (!special && SKIPPED_NAMES.has(leafName(f.path))) continue;
    const kind: FolderKind =
      f.path.toUpperCase() === 'INBOX' ? 'inbox' : special === '\\junk' || (!anyJunkMarked && !special && SPAM_NAMES.has(leafName(f.path))) ? 'spam' : 'other';
    out.push({ path: f.path, kind, rank: rank(f, kind) });
  }
  // A stable sort keeps the server's order within a rank.
  return out.sort((a, b) => a.rank - b.rank).map(({ path, kind }) => ({ path, kind }));
}

/** Gmail's tabs, as X-GM-RAW names them, with the name a result shows (decisions.md §16 `category`). */
export const GMAIL_CATEGORIES: readonly { query: string; name: string }[] = [
  { query: 'category:promotions', name: 'Promotions' },
  { query: 'category:updates', name: 'Updates' },
  { query: 'category:social', name: 'Social' },
  { query: 'category:forums', name: 'Forums' },
];
