import { Entity, ManyToOne, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { nullableTimestamp } from '../../storage/base.entity';
import { Campaign } from '../campaigns/campaign.entity';

/**
 * The lead field names of a campaign: how many of its leads carry each, and when it first showed up
 * (the createdAt of the earliest lead given it). Kept by triggers on `lead` beside lead_field_name (see
 * the lead_search_fields migration), never written by code: an insert however made adds to the counts
 * of the names its rows carry, an update that gives a lead a name or takes one away moves them by one,
 * and a delete takes its rows' names off. So a name with `leads` above zero is on some lead of the
 * campaign, and GET /campaigns/:id/lead-fields is a read of a few rows instead of every lead's keys
 * (lead-fields.ts). When the last lead carrying a name loses it, firstAt is cleared, so a name given
 * again later ranks from then; while some carry it, firstAt stays when it first showed up even if that
 * lead has gone. Read through campaign ids taken from the caller's workspace, so it needs no workspace
 * column (like lead_count).
 */
@Entity()
export class CampaignField {
  @ManyToOne(() => Campaign, { ref: true, primary: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  @PrimaryKey({ type: 'text' })
  name!: string;

  @Property({ type: 'integer' })
  leads!: number;

  @Property(nullableTimestamp())
  firstAt!: Date | null;
}
