import { Migration } from '@mikro-orm/migrations';

export class Migration20261201224948_placement_tests extends Migration {

  override async up(): Promise<void> {
    // decisions.md §16 placement tests (src/modules/placement/README.md): a test and one copy per sender
    // and seed; seed inboxes (purpose, seed_provider), an inbox's pause reason, and the workspace's
    // schedule and protection settings.
    this.addSql(`create table "placement_test" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "status" varchar(255) not null default 'running', "wait_minutes" int not null, "deadline_at" timestamptz(3) not null, "finished_at" timestamptz(3) null, "campaign_id" uuid null, "step" int null, "variant" int null, "subject" text not null, "body" text not null, "text_only" boolean not null default false, "scheduled_for" timestamptz(3) null, "lease_holder" text null, "lease_until" timestamptz(3) null, constraint "placement_test_pkey" primary key ("id"));`);
    this.addSql(`create index "placement_test_workspace_order" on "placement_test" ("workspace_id", "created_at" desc, "id" desc);`);
    this.addSql(`create unique index "placement_test_one_running" on "placement_test" ("workspace_id") where "status" = 'running';`);
    this.addSql(`alter table "placement_test" add constraint "placement_test_slot" unique ("workspace_id", "scheduled_for");`);

    this.addSql(`create table "placement_copy" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "test_id" uuid not null, "sender_id" uuid not null, "seed_id" uuid not null, "sender_email" text not null, "seed_email" text not null, "seed_provider" text not null, "message_id" text not null, "status" varchar(255) not null default 'queued', "claimed_by" text null, "handed_at" timestamptz(3) null, "sent_at" timestamptz(3) null, "placement" varchar(255) null, "folder" text null, "auth" jsonb null, "seen_at" timestamptz(3) null, "delay_seconds" int null, "detail" text null, constraint "placement_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "placement_copy_sender_id_created_at_index" on "placement_copy" ("sender_id", "created_at");`);
    this.addSql(`alter table "placement_copy" add constraint "placement_copy_test_id_sender_id_seed_id_unique" unique ("test_id", "sender_id", "seed_id");`);

    this.addSql(`alter table "placement_test" add constraint "placement_test_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "placement_copy" add constraint "placement_copy_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "placement_copy" add constraint "placement_copy_test_id_foreign" foreign key ("test_id") references "placement_test" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "placement_copy" add constraint "placement_copy_sender_id_foreign" foreign key ("sender_id") references "inbox" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "placement_copy" add constraint "placement_copy_seed_id_foreign" foreign key ("seed_id") references "inbox" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "workspace" add column "placement_schedule" varchar(255) not null default 'off', add column "placement_schedule_set_at" timestamptz(3) null, add column "placement_protect_below" int null;`);

    this.addSql(`alter table "inbox" add column "purpose" varchar(255) not null default 'sending', add column "seed_provider" varchar(255) null, add column "paused_reason" varchar(255) null;`);

    // A scheduled test takes the most recently edited step as content; existing steps count as edited when made.
    this.addSql(`alter table "step" add column "updated_at" timestamptz(3) null;`);
    this.addSql(`update "step" set "updated_at" = "created_at";`);
    this.addSql(`alter table "step" alter column "updated_at" set not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "placement_copy" drop constraint "placement_copy_test_id_foreign";`);

    this.addSql(`drop table if exists "placement_test" cascade;`);

    this.addSql(`drop table if exists "placement_copy" cascade;`);

    this.addSql(`alter table "inbox" drop column "purpose", drop column "seed_provider", drop column "paused_reason";`);

    this.addSql(`alter table "step" drop column "updated_at";`);

    this.addSql(`alter table "workspace" drop column "placement_schedule", drop column "placement_schedule_set_at", drop column "placement_protect_below";`);
  }

}
