import { Migration } from '@mikro-orm/migrations';

export class Migration20261125165718_columns extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "column_usage" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "month" text not null, "calls" int not null default 0, constraint "column_usage_pkey" primary key ("id"));`);
    this.addSql(`alter table "column_usage" add constraint "column_usage_workspace_id_month_unique" unique ("workspace_id", "month");`);

    this.addSql(`create table "lead_column" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "campaign_id" uuid not null, "name" text not null, "kind" text not null, "template" text null, "max_chars" int not null, "running" boolean not null default false, "run_total" int not null default 0, "run_left" int not null default 0, "run_note" text null, "run_lease_until" timestamptz(3) null, constraint "lead_column_pkey" primary key ("id"));`);
    this.addSql(`alter table "lead_column" add constraint "lead_column_campaign_id_name_unique" unique ("campaign_id", "name");`);

    this.addSql(`create table "column_cell" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "column_id" uuid not null, "lead_id" uuid not null, "status" text null, "note" text null, "review" text null, "queued" boolean not null default false, "updated_at" timestamptz(3) not null, constraint "column_cell_pkey" primary key ("id"));`);
    this.addSql(`create index "column_cell_lead_id_index" on "column_cell" ("lead_id");`);
    this.addSql(`create index "column_cell_queued" on "column_cell" ("column_id", "id") where "queued";`);
    this.addSql(`create index "column_cell_status" on "column_cell" ("column_id", "status");`);
    this.addSql(`alter table "column_cell" add constraint "column_cell_column_id_lead_id_unique" unique ("column_id", "lead_id");`);

    this.addSql(`alter table "column_usage" add constraint "column_usage_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "lead_column" add constraint "lead_column_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "lead_column" add constraint "lead_column_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "column_cell" add constraint "column_cell_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "column_cell" add constraint "column_cell_column_id_foreign" foreign key ("column_id") references "lead_column" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "column_cell" add constraint "column_cell_lead_id_foreign" foreign key ("lead_id") references "lead" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "column_cell" drop constraint "column_cell_column_id_foreign";`);

    this.addSql(`drop table if exists "column_usage" cascade;`);

    this.addSql(`drop table if exists "lead_column" cascade;`);

    this.addSql(`drop table if exists "column_cell" cascade;`);
  }

}
