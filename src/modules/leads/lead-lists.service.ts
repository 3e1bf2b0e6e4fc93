// Lead lists (api.md "Lead lists"): reusable lists of addresses with their fields. A list only checks
// that each row is an address and new to the list; the campaign rules run when a list feeds a campaign
// (POST /campaigns/:id/leads/from-list, import.service.ts). Rows are read by the same CSV reader and
// cleaned by the same prepareRow as campaign imports, so fields come out alike (an `email` column is
// required: 400 no_email_column). The lists are listed oldest first.
import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthedCtx } from '../../context';
import { findOr404, isUuid } from '../../db/find';
import { notFound } from '../../errors';
import { csvLeadRows } from './import/csv';
import { prepareRow, type RawRow } from './import/lead-rows';
import { orderedIds } from './import/staging';
import { LeadList } from './lead-list.entity';
import type { CreateLeadListInput } from './lead-lists.inputs';

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
  const rows = await ctx.em.getConnection().execute<{ id: string; name: string; created_at: Date; leads: number }[]>(
    `select l.id, l.name, l.created_at, (select count(*) from lead_list_entry e where e.list_id = l.id)::int as leads
     from lead_list l where l.workspace_id = ? order by l.created_at, l.id`,
    [ctx.actor.workspaceId],
  );
  return rows.map((r) => ({ id: r.id, workspaceId: ctx.actor.workspaceId, name: r.name, createdAt: new Date(r.created_at), leads: r.leads }));
}

/** Adds one batch of rows; returns how many were new to the list. A row whose address is in the list
 *  already (or earlier in the batch) is skipped by the (list, email) unique index: the first one wins. */
async function insertEntries(em: EntityManager, listId: string, entries: { id: string; email: string; vars: Record<string, string> }[], now: Date) {
  if (!entries.length) return 0;
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `insert into lead_list_entry (id, created_at, list_id, email, vars)
     select (r.value->>'id')::uuid, ?, ?, r.value->>'email', r.value->'vars' from jsonb_array_elements(cast(? as jsonb)) with ordinality as r(value, n) order by r.n
     on conflict (list_id, email) do nothing returning id`,
    [now, listId, JSON.stringify(entries)],
    'all',
    em.getTransactionContext(),
  );
  return rows.length;
}

/**
 * POST /lead-lists/:id/leads: CSV text (or a stream of it) into the list, in one transaction (a file
 * that fails half-way adds nothing). Entry ids sort in file order, so the list feeds a campaign in the
 * order it was given.
 */
export async function importLeadListCsv(ctx: AuthedCtx, listId: string, csv: string | Readable): Promise<LeadListCounts> {
  if (!isUuid(listId)) throw notFound('Lead list');
  const now = ctx.deps.clock.now();
  const idFor = orderedIds(now.getTime());
  return ctx.em.transactional(async (em) => {
    // KEY SHARE: the list cannot be deleted under the import.
    const found = await em.getConnection().execute(
      'select 1 from lead_list where id = ? and workspace_id = ? for key share',
      [listId, ctx.actor.workspaceId],
      'all',
      em.getTransactionContext(),
    );
    if (!found.length) throw notFound('Lead list');
    const counts: LeadListCounts = { added: 0, duplicates: 0, invalid: 0 };
    let n = 0;
    for await (const batch of csvLeadRows(csv) as AsyncIterable<RawRow[]>) {
      const valid = [];
      for (const raw of batch) {
        const row = prepareRow(raw);
        if (row.domain === null) counts.invalid++;
        else valid.push({ id: idFor(++n), email: row.email, vars: row.vars });
      }
      const added = await insertEntries(em, listId, valid, now);
      counts.added += added;
      counts.duplicates += valid.length - added;
    }
    return counts;
  });
}

/** DELETE /lead-lists/:id: the list and its entries; leads it added to campaigns stay (their source
 *  list becomes null, as the foreign key says). */
export async function deleteLeadList(ctx: AuthedCtx, id: string) {
  const list = await findOr404(ctx.em, LeadList, id, 'Lead list');
  await ctx.em.removeAndFlush(list);
  return { deleted: true };
}
