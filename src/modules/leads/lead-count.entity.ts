import { Entity, ManyToOne, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Campaign } from '../campaigns/campaign.entity';

/**
 * How many leads of a campaign have each combination of the lead list's filter columns (status,
 * interest, verification, provider, source list). Kept by statement-level triggers on `lead` (see the
 * leads_counts migration), never written by code: every insert, update and delete of leads, however
 * made (ORM, import SQL, COPY, cascades), adjusts it in the same transaction. It makes X-Total-Count of
 * the lead lists a sum over a few rows instead of a count over up to millions of leads. A null filter
 * column is stored as '' so the primary key can hold it. Read by lead-query.ts through campaign ids
 * taken from the caller's workspace, so it needs no workspace column.
 */
@Entity()
export class LeadCount {
  @ManyToOne(() => Campaign, { ref: true, primary: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  @PrimaryKey({ type: 'text' })
  status!: string;

  @PrimaryKey({ type: 'text' })
  interest!: string;

  @PrimaryKey({ type: 'text' })
  verification!: string;

  @PrimaryKey({ type: 'text' })
  provider!: string;

  /** The lead list id as text, or ''. */
  @PrimaryKey({ type: 'text' })
  sourceList!: string;

  @Property({ type: 'bigint' })
  n!: string;
}
