import { Migration } from '@mikro-orm/migrations';

export class Migration20261123020825_leads_lists_blocklist extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "lead_list" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "name" text not null, constraint "lead_list_pkey" primary key ("id"));`);

    this.addSql(`create table "lead_list_entry" ("id" uuid not null, "created_at" timestamptz(3) not null, "list_id" uuid not null, "email" text not null, "vars" jsonb not null, constraint "lead_list_entry_pkey" primary key ("id"));`);
    this.addSql(`alter table "lead_list_entry" add constraint "lead_list_entry_list_id_email_unique" unique ("list_id", "email");`);

    this.addSql(`create table "lead_filter" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "name" text not null, "filter" jsonb not null, constraint "lead_filter_pkey" primary key ("id"));`);
    this.addSql(`alter table "lead_filter" add constraint "lead_filter_workspace_id_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "lead" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "campaign_id" uuid not null, "email" text not null, "vars" jsonb not null, "timezone" text null, "status" text not null default 'pending', "stop_reason" text null, "interest" text null, "won_at" timestamptz(3) null, "deal_value" int null, "note" text null, "provider" text null, "verification" text null, "verified_at" timestamptz(3) null, "current_step" int not null default 0, "next_due_at" timestamptz(3) null, "away_until" timestamptz(3) null, "last_sent_at" timestamptz(3) null, "replied_at" timestamptz(3) null, "source_list_id" uuid null, constraint "lead_pkey" primary key ("id"));`);
    this.addSql(`create index "lead_workspace_id_email_index" on "lead" ("workspace_id", "email");`);
    this.addSql(`create index "lead_campaign_id_status_index" on "lead" ("campaign_id", "status");`);
    this.addSql(`create index "lead_campaign_id_created_at_id_index" on "lead" ("campaign_id", "created_at", "id");`);
    this.addSql(`alter table "lead" add constraint "lead_campaign_id_email_unique" unique ("campaign_id", "email");`);

    this.addSql(`create table "blocklist_entry" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "email" text not null, "reason" text not null, constraint "blocklist_entry_pkey" primary key ("id"));`);
    this.addSql(`alter table "blocklist_entry" add constraint "blocklist_entry_workspace_id_email_unique" unique ("workspace_id", "email");`);

    this.addSql(`alter table "lead_list" add constraint "lead_list_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "lead_list_entry" add constraint "lead_list_entry_list_id_foreign" foreign key ("list_id") references "lead_list" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "lead_filter" add constraint "lead_filter_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "lead" add constraint "lead_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "lead" add constraint "lead_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "lead" add constraint "lead_source_list_id_foreign" foreign key ("source_list_id") references "lead_list" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "blocklist_entry" add constraint "blocklist_entry_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "lead_list_entry" drop constraint "lead_list_entry_list_id_foreign";`);

    this.addSql(`alter table "lead" drop constraint "lead_source_list_id_foreign";`);

    this.addSql(`drop table if exists "lead_list" cascade;`);

    this.addSql(`drop table if exists "lead_list_entry" cascade;`);

    this.addSql(`drop table if exists "lead_filter" cascade;`);

    this.addSql(`drop table if exists "lead" cascade;`);

    this.addSql(`drop table if exists "blocklist_entry" cascade;`);
  }

}
