import { Migration } from '@mikro-orm/migrations';

export class Migration20261123024412_leads_counts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "lead_count" ("campaign_id" uuid not null, "status" text not null, "interest" text not null, "verification" text not null, "provider" text not null, "source_list" text not null, "n" bigint not null, constraint "lead_count_pkey" primary key ("campaign_id", "status", "interest", "verification", "provider", "source_list"));`);

    this.addSql(`alter table "lead_count" add constraint "lead_count_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);

    // lead_count is kept by statement-level triggers with transition tables: one grouped upsert per
    // statement however many leads it touches (an import of 100,000 rows adds a few counter rows), in
    // key order so concurrent writers lock counter rows in the same order. Deletes only subtract from
    // existing rows (a campaign's cascade may already have removed them).
    this.addSql(`create function lead_count_after_insert() returns trigger language plpgsql as $$
begin
  insert into lead_count as c (campaign_id, status, interest, verification, provider, source_list, n)
  select campaign_id, status, coalesce(interest, ''), coalesce(verification, ''), coalesce(provider, ''), coalesce(source_list_id::text, ''), count(*)
    from new_rows
   group by 1, 2, 3, 4, 5, 6
   order by 1, 2, 3, 4, 5, 6
  on conflict (campaign_id, status, interest, verification, provider, source_list) do update set n = c.n + excluded.n;
  return null;
end $$;`);
    this.addSql(`create function lead_count_after_update() returns trigger language plpgsql as $$
begin
  insert into lead_count as c (campaign_id, status, interest, verification, provider, source_list, n)
  select k_campaign, k_status, k_interest, k_verification, k_provider, k_source_list, sum(d)
    from (select campaign_id as k_campaign, status as k_status, coalesce(interest, '') as k_interest, coalesce(verification, '') as k_verification,
                 coalesce(provider, '') as k_provider, coalesce(source_list_id::text, '') as k_source_list, -1 as d
            from old_rows
          union all
          select campaign_id, status, coalesce(interest, ''), coalesce(verification, ''), coalesce(provider, ''), coalesce(source_list_id::text, ''), 1
            from new_rows) changes
   group by 1, 2, 3, 4, 5, 6
  having sum(d) <> 0
   order by 1, 2, 3, 4, 5, 6
  on conflict (campaign_id, status, interest, verification, provider, source_list) do update set n = c.n + excluded.n;
  return null;
end $$;`);
    this.addSql(`create function lead_count_after_delete() returns trigger language plpgsql as $$
begin
  update lead_count c set n = c.n - gone.n
    from (select campaign_id, status, coalesce(interest, '') as interest, coalesce(verification, '') as verification, coalesce(provider, '') as provider,
                 coalesce(source_list_id::text, '') as source_list, count(*) as n
            from old_rows
           group by 1, 2, 3, 4, 5, 6) gone
   where c.campaign_id = gone.campaign_id and c.status = gone.status and c.interest = gone.interest and c.verification = gone.verification
     and c.provider = gone.provider and c.source_list = gone.source_list;
  return null;
end $$;`);
    this.addSql(`create trigger lead_count_insert after insert on "lead" referencing new table as new_rows for each statement execute function lead_count_after_insert();`);
    this.addSql(`create trigger lead_count_update after update on "lead" referencing old table as old_rows new table as new_rows for each statement execute function lead_count_after_update();`);
    this.addSql(`create trigger lead_count_delete after delete on "lead" referencing old table as old_rows for each statement execute function lead_count_after_delete();`);
    this.addSql(`insert into lead_count (campaign_id, status, interest, verification, provider, source_list, n)
  select campaign_id, status, coalesce(interest, ''), coalesce(verification, ''), coalesce(provider, ''), coalesce(source_list_id::text, ''), count(*)
    from "lead" group by 1, 2, 3, 4, 5, 6;`);

    this.addSql(`drop index "lead_campaign_status_page";`);

    this.addSql(`create index "lead_campaign_status_created" on "lead" ("campaign_id", "status", "created_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger lead_count_insert on "lead";`);
    this.addSql(`drop trigger lead_count_update on "lead";`);
    this.addSql(`drop trigger lead_count_delete on "lead";`);
    this.addSql(`drop function lead_count_after_insert();`);
    this.addSql(`drop function lead_count_after_update();`);
    this.addSql(`drop function lead_count_after_delete();`);
    this.addSql(`drop table if exists "lead_count" cascade;`);

    this.addSql(`drop index "lead_campaign_status_created";`);

    this.addSql(`create index "lead_campaign_status_page" on "lead" ("campaign_id", "status", "created_at", "id", "interest", "verification", "provider", "source_list_id");`);
  }

}
