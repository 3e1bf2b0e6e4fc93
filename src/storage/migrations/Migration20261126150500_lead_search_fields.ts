import { Migration } from '@mikro-orm/migrations';

export class Migration20261126150500_lead_search_fields extends Migration {

  override async up(): Promise<void> {
    // The workspace search's company part (leads/company-sql.ts companyMatchSql): a trigram index over the
    // company field's spellings, holding only leads that have one.
    this.addSql(`create index "lead_company_trgm" on "lead" using gin ((coalesce("vars" ->> 'company', '') || chr(10) || coalesce("vars" ->> 'Company', '') || chr(10) || coalesce("vars" ->> 'COMPANY', '')) gin_trgm_ops) where jsonb_exists_any("vars", array['company', 'Company', 'COMPANY']);`);

    this.addSql(`create table "campaign_field" ("campaign_id" uuid not null, "name" text not null, "leads" int not null, "first_at" timestamptz(3) null, constraint "campaign_field_pkey" primary key ("campaign_id", "name"));`);
    this.addSql(`alter table "campaign_field" add constraint "campaign_field_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);

    // campaign_field is kept beside lead_field_name by the same triggers (campaign-field.entity.ts).
    //
    // Insert: one pass over the new rows' keys, hash-aggregated per campaign and name (the names, their
    // counts and first instants), feeding both tables. The earlier function sorted every (workspace,
    // name) pair of the statement to drop repeats: 8% of an import's database time (lead-import
    // benchmark, perf); a hash aggregate over the same pairs costs about a third less, and serves both.
    // Writes in key order, so concurrent writers lock rows in the same order. A lead import keeps its
    // own leads' names, from the sets of names it staged (import-rules.queries.ts IMPORT_KEEPS_FIELD_NAMES).
    this.addSql(`create or replace function lead_field_name_after_insert() returns trigger language plpgsql as $$
begin
  if current_setting('outreach.lead_fields', true) = 'import' then
    return null;
  end if;
  with fields as materialized (
    select n.workspace_id, n.campaign_id, k.name, count(*)::int as leads, min(n.created_at) as first_at
      from new_rows n cross join lateral jsonb_object_keys(n.vars) as k(name)
     group by 1, 2, 3),
  names as (
    insert into lead_field_name (workspace_id, name)
    select distinct workspace_id, name from fields order by 1, 2
    on conflict do nothing)
  insert into campaign_field as f (campaign_id, name, leads, first_at)
  select campaign_id, name, leads, first_at from fields order by 1, 2
  on conflict (campaign_id, name) do update set leads = f.leads + excluded.leads, first_at = least(f.first_at, excluded.first_at);
  return null;
end $$;`);
    // Update (row by row, only when the lead's set of names changes or it moves): names it gained are
    // added to both tables, names it lost are taken off its campaign's counts (a count that reaches zero
    // forgets when the name first showed up).
    this.addSql(`create or replace function lead_field_name_after_update() returns trigger language plpgsql as $$
declare
  moved boolean := new.workspace_id is distinct from old.workspace_id or new.campaign_id is distinct from old.campaign_id;
begin
  insert into lead_field_name (workspace_id, name)
  select new.workspace_id, k from jsonb_object_keys(new.vars) k
   where moved or not jsonb_exists(old.vars, k)
   order by 2
  on conflict do nothing;
  update campaign_field f set leads = f.leads - 1, first_at = case when f.leads = 1 then null else f.first_at end
   where f.campaign_id = old.campaign_id
     and f.name in (select k from jsonb_object_keys(old.vars) k where moved or not jsonb_exists(new.vars, k));
  insert into campaign_field as f (campaign_id, name, leads, first_at)
  select new.campaign_id, k, 1, new.created_at from jsonb_object_keys(new.vars) k
   where moved or not jsonb_exists(old.vars, k)
   order by 2
  on conflict (campaign_id, name) do update set leads = f.leads + 1, first_at = least(f.first_at, excluded.first_at);
  return null;
end $$;`);
    // The WHEN test compares the key lists (jsonb keeps an object's keys in one order, so equal sets give
    // equal lists), after a cheap test that vars changed at all: updates that set values of existing
    // names (columns write their cells so) never call the function.
    this.addSql(`drop trigger lead_field_name_update on "lead";`);
    this.addSql(`create trigger lead_field_name_update after update of vars, workspace_id, campaign_id on "lead" for each row
  when (new.workspace_id is distinct from old.workspace_id or new.campaign_id is distinct from old.campaign_id
        or (new.vars is distinct from old.vars
            and jsonb_path_query_array(old.vars, '$.keyvalue().key') <> jsonb_path_query_array(new.vars, '$.keyvalue().key')))
  execute function lead_field_name_after_update();`);
    // Delete: the deleted leads' names come off their campaigns' counts. Leads going with their campaign
    // (its delete cascades) are skipped before their keys are read: their campaign_field rows go with it.
    this.addSql(`create function campaign_field_after_delete() returns trigger language plpgsql as $$
begin
  update campaign_field f set leads = f.leads - gone.leads, first_at = case when f.leads = gone.leads then null else f.first_at end
    from (select o.campaign_id, k.name, count(*)::int as leads
            from old_rows o cross join lateral jsonb_object_keys(o.vars) as k(name)
           where o.campaign_id = any (array(select c.id from campaign c where c.id in (select distinct campaign_id from old_rows)))
           group by 1, 2
           order by 1, 2) gone
   where f.campaign_id = gone.campaign_id and f.name = gone.name;
  return null;
end $$;`);
    this.addSql(`create trigger campaign_field_delete after delete on "lead" referencing old table as old_rows for each statement execute function campaign_field_after_delete();`);
    this.addSql(`insert into campaign_field (campaign_id, name, leads, first_at)
  select campaign_id, k, count(*), min(created_at) from "lead" cross join lateral jsonb_object_keys(vars) k group by 1, 2;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger campaign_field_delete on "lead";`);
    this.addSql(`drop function campaign_field_after_delete();`);
    this.addSql(`drop trigger lead_field_name_update on "lead";`);
    this.addSql(`create trigger lead_field_name_update after update of vars, workspace_id on "lead" for each row
  when (new.workspace_id is distinct from old.workspace_id
        or not (jsonb_path_query_array(old.vars, '$.keyvalue().key') @> jsonb_path_query_array(new.vars, '$.keyvalue().key')))
  execute function lead_field_name_after_update();`);
    this.addSql(`create or replace function lead_field_name_after_insert() returns trigger language plpgsql as $$
begin
  insert into lead_field_name (workspace_id, name)
  select distinct n.workspace_id, k from new_rows n cross join lateral jsonb_object_keys(n.vars) k
   order by 1, 2
  on conflict do nothing;
  return null;
end $$;`);
    this.addSql(`create or replace function lead_field_name_after_update() returns trigger language plpgsql as $$
begin
  insert into lead_field_name (workspace_id, name)
  select new.workspace_id, k from jsonb_object_keys(new.vars) k
   where new.workspace_id is distinct from old.workspace_id or not jsonb_exists(old.vars, k)
   order by 2
  on conflict do nothing;
  return null;
end $$;`);
    this.addSql(`drop table if exists "campaign_field" cascade;`);
    this.addSql(`drop index "lead_company_trgm";`);
  }

}
