// Shared entity building blocks. Every workspace-owned entity carries the `workspace` filter, which is
// on by default: a query on an em whose filter params are unset throws instead of reading across
// workspaces, so isolation holds by construction (see context.ts).
import { randomUUID } from 'node:crypto';
import { Filter, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

type FilterDef = Parameters<typeof Filter>[0];

export abstract class BaseEntity {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'datetime', columnType: 'timestamptz(3)' })
  createdAt: Date & Opt = new Date();
}

export const WORKSPACE_FILTER = 'workspace';

/** Use as `@Filter(workspaceFilter)` on every entity with a `workspace` relation. */
export const workspaceFilter: FilterDef = {
  name: WORKSPACE_FILTER,
  cond: (args: { id: string }) => ({ workspace: args.id }),
  default: true,
};

/** Timestamp columns: millisecond precision, always UTC on the wire. Functions, not shared objects:
 *  MikroORM writes into the options object it is given (fieldName), so each property needs its own. */
export const timestamp = () => ({ type: 'datetime', columnType: 'timestamptz(3)' }) as const;
export const nullableTimestamp = () => ({ type: 'datetime', columnType: 'timestamptz(3)', nullable: true }) as const;
