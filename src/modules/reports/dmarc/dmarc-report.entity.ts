import { Entity, Filter, Index, ManyToOne, Property, Unique, type Ref } from '@mikro-orm/core';
import { BaseEntity, timestamp, workspaceFilter } from '../../../storage/base.entity';
import { Workspace } from '../../accounts/workspace.entity';
import { Inbox } from '../../inboxes/inbox.entity';

/** Sending IPs of one report with the number of messages each sent. */
export interface DmarcSource {
  ip: string;
  count: number;
}

/**
 * One DMARC aggregate report read from the workspace's report address (decisions.md §6), stored once
 * per report id, with the counts GET /reports/dmarc sums (records are folded in at parse time: the
 * report's XML is not kept).
 */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['workspace', 'reportId'] })
@Index({ properties: ['workspace', 'endsAt'] })
export class DmarcReportRow extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Inbox, { ref: true, nullable: true, deleteRule: 'set null' })
  inbox: Ref<Inbox> | null = null;

  @Property({ type: 'text' })
  reportId!: string;

  @Property({ type: 'text' })
  org!: string;

  @Property({ type: 'text', nullable: true })
  domain: string | null = null;

  @Property(timestamp())
  beginsAt!: Date;

  @Property(timestamp())
  endsAt!: Date;

  @Property({ type: 'integer' })
  messages!: number;

  /** Messages that passed DMARC: aligned DKIM or aligned SPF passed. */
  @Property({ type: 'integer' })
  passed!: number;

  @Property({ type: 'integer' })
  dkimPassed!: number;

  @Property({ type: 'integer' })
  spfPassed!: number;

  @Property({ type: 'integer' })
  quarantined!: number;

  @Property({ type: 'integer' })
  rejected!: number;

  @Property({ type: 'json' })
  sources!: DmarcSource[];
}

/** A report's records folded into counts (dmarc.service.ts foldDmarcReport), as its row stores them. */
export interface DmarcCounts {
  messages: number;
  /** Passed DMARC: policy_evaluated dkim pass or spf pass (both are after alignment, RFC 7489 §6.6.2). */
  passed: number;
  dkimPassed: number;
  spfPassed: number;
  /** By the disposition the receiver applied. */
  quarantined: number;
  rejected: number;
  /** Per source IP (lower-cased), summed, most messages first (then by IP), at most MAX_STORED_SOURCES. */
  sources: DmarcSource[];
}
