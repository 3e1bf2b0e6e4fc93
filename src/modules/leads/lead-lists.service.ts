// Lead lists (api.md "Lead lists"): reusable lists of addresses with their fields. A list only checks
// that each row is an address and new to the list; the campaign rules run when a list feeds a campaign
// (POST /campaigns/:id/leads/from-list, import.service.ts). Rows are read by the same CSV reader and
// cleaned by the same prepareRow as campaign imports, so fields come out alike (an `email` column is
// required: 400 no_email_column). The lists are listed oldest first.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404, isUuid } from '../../storage/find';
import { inImportTransaction } from '../../storage/import-transaction';
import { notFound } from '../../contracts/errors';
import { FieldNames, recordFieldOrder } from './field-order';
import { csvLeadRows } from './import/csv';
import { prepareRow, type RawRow } from './import/lead-rows';
import { orderedIds } from './import/staging';
import { LeadList } from './lead-list.entity';
import type { CreateLeadListInput } from './lead-lists.inputs';
import { addImportedEntries, copyIntoListImport, createListImportTable, lockListForImport, workspaceLeadLists } from './lead-lists.queries';

export interface LeadListCounts {
  added: number;
  duplicates: number;
  invalid: number;
}

export async function createLeadList(ctx: AuthedCtx, input: CreateLeadListInput) {
  const list = ctx.em.create(LeadList, { workspace: ctx.actor.workspaceId, name: input.name.trim(), createdAt: ctx.deps.clock.now() });
  await ctx.em.persistAndFlush(list);
  return { id: list.id, workspaceId: ctx.actor.workspaceId, name: list.name, createdAt: list.createdAt, leads: 0 };
}

/** Every list of the workspace, oldest first, with the number of addresses in each. */
export async function listLeadLists(ctx: AuthedCtx) {
  const rows = await workspaceLeadLists(ctx.em, ctx.actor.workspaceId);
  return rows.map((r) => ({ id: r.id, workspaceId: ctx.actor.workspaceId, name: r.name, createdAt: r.createdAt, leads: r.leads }));
}

// COPY text format: backslash, tab and line breaks inside a value are written as escapes.
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const copyText = (v: string) => v.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]);

/**
 * POST /lead-lists/:id/leads: CSV text (or a stream of it) into the list, in one transaction (a file
 * that fails half-way adds nothing). The valid rows are streamed with COPY into a temporary table as
 * they are parsed, then added in one statement in file order; an address already in the list, or
 * earlier in the file, is skipped by the (list, email) unique index, so the first row of an address
 * wins. Entry ids sort in file order, so the list feeds a campaign in the order it was given.
 */
export async function importLeadListCsv(ctx: AuthedCtx, listId: string, csv: string | Readable): Promise<LeadListCounts> {
  if (!isUuid(listId)) throw notFound('Lead list');
  const now = ctx.deps.clock.now();
  const idFor = orderedIds(now.getTime());
  return inImportTransaction(ctx.em, async (db) => {
    // KEY SHARE: the list cannot be deleted under the import.
    if (!(await lockListForImport(db, ctx.actor.workspaceId, listId))) throw notFound('Lead list');
    await createListImportTable(db);

    let valid = 0;
    let invalid = 0;
    const names = new FieldNames();
    async function* lines(): AsyncGenerator<string> {
      for await (const batch of csvLeadRows(csv) as AsyncIterable<RawRow[]>) {
        let chunk = '';
        for (const raw of batch) {
          const row = prepareRow(raw);
          names.add(row.fields.keys());
          if (row.domain === null) {
            invalid++;
            continue;
          }
          const n = ++valid;
          chunk += `${n}\t${idFor(n)}\t${copyText(row.email)}\t${copyText(JSON.stringify(row.vars))}\n`;
        }
        if (chunk) yield chunk;
      }
    }
    await pipeline(Readable.from(lines(), { objectMode: false }), copyIntoListImport(db));
    const added = await addImportedEntries(db, listId, now);
    await recordFieldOrder(ctx.em, 'lead_list', listId, names.take());
    return { added, duplicates: valid - added, invalid };
  });
}

/** DELETE /lead-lists/:id: the list and its entries; leads it added to campaigns stay (their source
 *  list becomes null, as the foreign key says). */
export async function deleteLeadList(ctx: AuthedCtx, id: string) {
  const list = await findOr404(ctx.em, LeadList, id, 'Lead list');
  await ctx.em.removeAndFlush(list);
  return { deleted: true };
}
