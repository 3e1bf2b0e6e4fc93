// Saved lead filters (api.md "Reading leads of a campaign"): a named set of the campaign lead list's
// query fields, validated exactly as the list validates them; applied by passing its fields to the list.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import { normalizeFilter, type LeadFilter as FilterFields } from './lead-query';
import { LeadFilter, type SavedLeadFilter } from './lead-filter.entity';
import type { CreateLeadFilterInput } from './leads.inputs';
import type { LeadFilterView } from './leads.types';

/** Stored with the list's query names (list_id), as api.md shows a saved filter. */
const toStored = (f: FilterFields): SavedLeadFilter => {
  const { listId, ...rest } = f;
  return { ...rest, ...(listId ? { list_id: listId } : {}) };
};
const fromStored = (f: SavedLeadFilter): FilterFields => {
  const { list_id: listId, ...rest } = f;
  return { ...rest, ...(listId ? { listId } : {}) };
};

const view = (f: LeadFilter): LeadFilterView => ({ id: f.id, name: f.name, filter: fromStored(f.filter), createdAt: f.createdAt });

const nameTaken = (name: string) => new AppError('name_taken', `A saved filter named "${name}" already exists in this workspace; pick another name.`);

export async function createLeadFilter(ctx: AuthedCtx, input: CreateLeadFilterInput): Promise<LeadFilterView> {
  const filter = normalizeFilter(input.filter);
  if (!Object.keys(filter).length) {
    throw new AppError('empty_filter', 'A saved filter needs at least one of status, interest, verification, provider, list_id or q with a value.');
  }
  const name = input.name.trim();
  if (await ctx.em.count(LeadFilter, { name })) throw nameTaken(name);
  const saved = ctx.em.create(LeadFilter, { workspace: ctx.actor.workspaceId, name, filter: toStored(filter) });
  try {
    await ctx.em.persistAndFlush(saved);
  } catch (err) {
    // Two saves with one name at once: the unique index settles it.
    if (err instanceof UniqueConstraintViolationException) throw nameTaken(name);
    throw err;
  }
  return view(saved);
}

// "By name" as a person reads it (alpha, Mike, Zulu), whatever collation the database was created with.
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export async function listLeadFilters(ctx: AuthedCtx): Promise<LeadFilterView[]> {
  const filters = await ctx.em.find(LeadFilter, {}, { orderBy: { id: 'asc' } });
  return filters.sort((x, y) => byName.compare(x.name, y.name) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0)).map(view);
}

export async function deleteLeadFilter(ctx: AuthedCtx, id: string) {
  const filter = await findOr404(ctx.em, LeadFilter, id, 'Saved filter');
  await ctx.em.removeAndFlush(filter);
  return { deleted: true };
}
