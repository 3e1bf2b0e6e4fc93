// The blocklist (api.md "Blocklist"): addresses and whole domains of a workspace that are never
// contacted. Entries are stored normalized (blocklist-match.ts) and unique per workspace; adding one
// that is there already changes nothing (it keeps its first reason and date).
//
// Choices api.md leaves open:
// - POST /blocklist is all or nothing: one entry that is neither an address nor a domain refuses the
//   whole call (400 invalid_entries, listing them), since an API caller sent it on purpose. The answer
//   counts only new entries: repeats and entries already listed are not "added".
// - The CSV import is forgiving, as files are: bad rows are counted as `invalid`, rows whose entry is on
//   the list already, or earlier in the file, as `already`; added + already + invalid = data rows.
// - GET /blocklist is newest first; every entry unless `limit` is given (q, reason and offset optional).
import type { Readable } from 'node:stream';
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { AuthedCtx } from '../../runtime/context';
import { AppError, notFound } from '../../contracts/errors';
import { isoKey, Paging } from '../../contracts/pagination/keyset';
import { escapeLike } from '../leads/lead-query';
import { csvCells } from '../leads/import/csv';
import { fieldName } from '../leads/import/lead-rows';
import { BlocklistEntry, type BlockReason } from './blocklist-entry.entity';
import { normalizeBlockEntry } from './blocklist-match';
import type { AddToBlocklistInput, BlocklistQueryInput } from './blocklist.inputs';
import { insertBlocklistEntries } from './blocklist.queries';

const INSERT_BATCH = 5_000;

export interface BlocklistEntryView {
  workspaceId: string;
  email: string;
  reason: string;
  createdAt: Date;
}

const view = (e: BlocklistEntry): BlocklistEntryView => ({ workspaceId: e.workspace.id, email: e.email, reason: e.reason, createdAt: e.createdAt });

/** Inserts normalized entries (duplicates allowed), returning how many were new. One statement per
 *  batch, set-wise; an entry listed already, or twice in the batch, is skipped by the unique index. */
async function insertEntries(em: EntityManager, workspaceId: string, entries: readonly string[], reason: BlockReason, now: Date): Promise<number> {
  let added = 0;
  for (let i = 0; i < entries.length; i += INSERT_BATCH) {
    const batch = entries.slice(i, i + INSERT_BATCH);
    added += (await insertBlocklistEntries(em, workspaceId, batch, reason, now)).length;
  }
  return added;
}

/** POST /blocklist: addresses and domains, reason `manual`. */
export async function addToBlocklist(ctx: AuthedCtx, input: AddToBlocklistInput): Promise<{ added: number }> {
  const entries = input.emails.map(normalizeBlockEntry);
  const invalid = input.emails.filter((_, i) => entries[i] === null);
  if (invalid.length) {
    throw new AppError('invalid_entries', `Each entry must be an email address or a domain; ${invalid.length} ${invalid.length === 1 ? 'is' : 'are'} not, so nothing was added.`, {
      invalid: invalid.slice(0, 100),
    });
  }
  const added = await ctx.em.transactional((em) => insertEntries(em, ctx.actor.workspaceId, entries as string[], 'manual', ctx.deps.clock.now()));
  return { added };
}

// Header names (as field names) that say which column holds the entries.
const EMAIL_COLUMNS = new Set(['email', 'e_mail', 'email_address', 'e_mail_address']);
const DOMAIN_COLUMNS = new Set(['domain', 'domains', 'domain_name']);

interface EntryColumns {
  /** The column read first; -1 when the file has no rows. */
  main: number;
  /** A domain column read when the main (email) cell of a row is blank; -1 when none. */
  fallback: number;
}

/**
 * Which column holds the entries: a column named email, else one named domain, else the first column.
 * When no column is named so and the first row's first cell is itself an address or a domain, the file
 * has no header row and that row is data.
 */
export function entryColumns(firstRow: readonly string[]): EntryColumns & { headerRow: boolean } {
  const names = firstRow.map((h) => fieldName(h.replace(/^\uFEFF/, '')));
  const email = names.findIndex((n) => EMAIL_COLUMNS.has(n));
  const domain = names.findIndex((n) => DOMAIN_COLUMNS.has(n));
  if (email >= 0) return { main: email, fallback: domain, headerRow: true };
  if (domain >= 0) return { main: domain, fallback: -1, headerRow: true };
  return { main: 0, fallback: -1, headerRow: normalizeBlockEntry((firstRow[0] ?? '').replace(/^\uFEFF/, '')) === null };
}

/** The normalized entry of each data row (null for an invalid row), in file order, in batches. The CSV
 *  is parsed a chunk at a time (csvCells): a file of the largest size (50 MB, some 3 million rows) took
 *  seconds of the event loop in one pass. */
export async function* csvEntries(csv: Readable | string): AsyncGenerator<(string | null)[]> {
  let columns: EntryColumns | null = null;
  let batch: (string | null)[] = [];
  for await (const row of csvCells(csv)) {
    const cells = columns ? row : row.map((cell, i) => (i === 0 ? cell.replace(/^\uFEFF/, '') : cell));
    if (!columns) {
      const found = entryColumns(cells);
      columns = found;
      if (found.headerRow) continue;
    }
    const main = (cells[columns.main] ?? '').trim();
    const value = main === '' && columns.fallback >= 0 ? (cells[columns.fallback] ?? '') : main;
    batch.push(normalizeBlockEntry(value));
    if (batch.length >= INSERT_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** POST /blocklist/import: CSV, reason `import`. Entries are inserted batch by batch as the file is read
 *  (REST spools the upload to a file first, so the transaction never waits on the client). */
export async function importBlocklist(ctx: AuthedCtx, csv: Readable | string): Promise<{ added: number; already: number; invalid: number }> {
  const counts = { added: 0, already: 0, invalid: 0 };
  const now = ctx.deps.clock.now();
  await ctx.em.transactional(async (em) => {
    for await (const rows of csvEntries(csv)) {
      const entries = rows.filter((e): e is string => e !== null);
      const added = await insertEntries(em, ctx.actor.workspaceId, entries, 'import', now);
      counts.added += added;
      counts.already += entries.length - added;
      counts.invalid += rows.length - entries.length;
    }
  });
  return counts;
}

/** GET /blocklist: newest first, with the total of matching entries. */
export async function listBlocklist(ctx: AuthedCtx, query: BlocklistQueryInput): Promise<{ total: number; entries: BlocklistEntryView[]; nextCursor: string | null }> {
  const q = query.q?.trim().toLowerCase() || null;
  const where = {
    ...(q ? { email: { $ilike: `%${escapeLike(q)}%` } } : {}),
    ...(query.reason ? { reason: query.reason as BlockReason } : {}),
  };
  // decisions.md §12: the page after a cursor is the entries after its (created_at desc, email asc) key
  // (email is unique in the workspace, so the order is total), a range of blocklist_entry_page.
  const paging = Paging.of(ctx, 'blocklist', { q, reason: query.reason }, query, null);
  const [createdAt, email] = paging.after ?? [];
  // The two directions differ, so no row comparison: `created_at <= key` bounds the index range, the
  // $or only drops the key's own moment's entries up to its email.
  const at = new Date(String(createdAt));
  const after: FilterQuery<BlocklistEntry> = paging.after ? { createdAt: { $lte: at }, $or: [{ createdAt: { $lt: at } }, { email: { $gt: String(email) } }] } : {};
  const [rows, total] = await Promise.all([
    ctx.em.find(
      BlocklistEntry,
      { $and: [where, after] },
      { orderBy: { createdAt: 'desc', email: 'asc' }, ...(paging.fetch !== null ? { limit: paging.fetch } : {}), offset: paging.offset },
    ),
    ctx.em.count(BlocklistEntry, where),
  ]);
  const page = paging.close(rows, (r) => [isoKey(r.createdAt), r.email]);
  return { total, entries: page.items.map(view), nextCursor: page.nextCursor };
}

/** DELETE /blocklist/:email: an address or a domain, written as it was added (case and a leading @ do not matter). */
export async function deleteBlocklistEntry(ctx: AuthedCtx, raw: string): Promise<{ deleted: true }> {
  const email = normalizeBlockEntry(raw) ?? raw.trim().toLowerCase();
  const removed = await ctx.em.nativeDelete(BlocklistEntry, { workspace: ctx.actor.workspaceId, email });
  if (!removed) throw notFound('Blocklist entry');
  return { deleted: true };
}

/**
 * Puts one address (or domain) on a workspace's blocklist for the code that learns of it (an
 * unsubscribe, a hard bounce). Idempotent: an entry already there keeps its reason; returns whether
 * it was new. Runs in the caller's transaction when `em` is inside one.
 */
export async function blockAddress(em: EntityManager, workspaceId: string, address: string, reason: BlockReason, now = new Date()): Promise<boolean> {
  return (await blockAddresses(em, workspaceId, [address], reason, now)) === 1;
}

/** blockAddress for several addresses at once (a batch of hard bounces); returns how many were new. */
export async function blockAddresses(em: EntityManager, workspaceId: string, addresses: readonly string[], reason: BlockReason, now: Date): Promise<number> {
  const entries = [...new Set(addresses.map((a) => normalizeBlockEntry(a) ?? a.trim().toLowerCase()).filter((e) => e !== ''))];
  return entries.length ? insertEntries(em, workspaceId, entries, reason, now) : 0;
}
