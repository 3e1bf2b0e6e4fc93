// The columns area's tables (api.md "Column (block)", decisions.md §7). A column belongs to a campaign
// and fills one lead field (its `name`) for the campaign's leads; the values themselves are the leads'
// own vars. A cell is one lead's outcome for one column: its status, the note or the flagged answer kept
// for review, and whether the lead waits in the current run (`queued`). The usage counter holds the
// model calls of a workspace per calendar month (UTC) for COLUMN_MONTHLY_CAP.
import { Entity, Filter, Index, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, timestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Lead } from '../leads/lead.entity';

export type ColumnKind = 'website' | 'prompt';
export type CellStatus = 'done' | 'failed' | 'flagged' | 'edited';

// `column` is an SQL keyword: the table is lead_column.
@Entity({ tableName: 'lead_column' })
@Filter(workspaceFilter)
@Unique({ properties: ['campaign', 'name'] })
export class Column extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Campaign, { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  /** The lead field it fills: lower-case letters, numbers and underscores; never changed. */
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  kind!: ColumnKind;

  /** The prompt (with at least one `{{variable}}`); null for a website column. */
  @Property({ type: 'text', nullable: true })
  template: string | null = null;

  @Property({ type: 'integer' })
  maxChars!: number;

  /** A run is in progress: cells with `queued` wait in it. */
  @Property({ type: 'boolean' })
  running: boolean & Opt = false;

  @Property({ type: 'integer' })
  runTotal: number & Opt = 0;

  @Property({ type: 'integer' })
  runLeft: number & Opt = 0;

  /** Why the last run stopped early (monthly cap reached, model unreachable, …). */
  @Property({ type: 'text', nullable: true })
  runNote: string | null = null;

  /** Until when the worker running the column holds it, while that worker's process lives; a run whose
   *  lease is free (its worker died) is picked up again (column-run.job.ts). */
  @Property(nullableTimestamp())
  runLeaseUntil: Date | null = null;

  /** The process running it (its owner name, src/storage/process-owner.ts). */
  @Property({ type: 'text', nullable: true })
  runLeaseHolder: string | null = null;
}

@Entity({ tableName: 'column_cell' })
@Filter(workspaceFilter)
@Unique({ properties: ['column', 'lead'] })
// The column list's counts: one grouped read of (column_id, status).
@Index({ name: 'column_cell_status', expression: 'create index "column_cell_status" on "column_cell" ("column_id", "status")' })
// What a run has left to do.
@Index({ name: 'column_cell_queued', expression: 'create index "column_cell_queued" on "column_cell" ("column_id", "id") where "queued"' })
// GET /campaigns/:id/blocks/cells reads by lead.
@Index({ properties: ['lead'] })
export class ColumnCell extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Column, { ref: true, deleteRule: 'cascade' })
  column!: Ref<Column>;

  @ManyToOne(() => Lead, { ref: true, deleteRule: 'cascade' })
  lead!: Ref<Lead>;

  /** The last outcome; null while the lead waits in its first run. */
  @Property({ type: 'text', nullable: true })
  status: CellStatus | null = null;

  /** Why a cell failed or was flagged. */
  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  /** A flagged answer, kept for review and never written to the lead. */
  @Property({ type: 'text', nullable: true })
  review: string | null = null;

  /** The lead waits in the column's current run. */
  @Property({ type: 'boolean' })
  queued: boolean & Opt = false;

  @Property(timestamp())
  updatedAt: Date & Opt = new Date();
}

/** Model calls of prompt columns (previews included) per workspace per calendar month, UTC. */
@Entity({ tableName: 'column_usage' })
@Filter(workspaceFilter)
@Unique({ properties: ['workspace', 'month'] })
export class ColumnUsage extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  /** YYYY-MM (UTC). */
  @Property({ type: 'text' })
  month!: string;

  @Property({ type: 'integer' })
  calls: number & Opt = 0;
}
