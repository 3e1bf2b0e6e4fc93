import { Migration } from '@mikro-orm/migrations';

export class Migration20261125033330_sending_engine extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "event" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "kind" text not null, "payload" jsonb not null, "once_key" text null, "delivered_at" timestamptz(3) null, constraint "event_pkey" primary key ("id"));`);
    this.addSql(`create index "event_undelivered" on "event" ("created_at") where "delivered_at" is null;`);
    this.addSql(`alter table "event" add constraint "event_workspace_id_once_key_unique" unique ("workspace_id", "once_key");`);

    this.addSql(`create table "task" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "campaign_id" uuid not null, "lead_id" uuid not null, "step_position" int not null, "kind" text not null, "text" text not null, "status" text not null default 'open', "due_at" timestamptz(3) not null, "closed_at" timestamptz(3) null, constraint "task_pkey" primary key ("id"));`);
    this.addSql(`create index "task_open_due" on "task" ("workspace_id", "due_at") where "status" = 'open';`);
    this.addSql(`alter table "task" add constraint "task_lead_id_step_position_unique" unique ("lead_id", "step_position");`);

    this.addSql(`create table "send" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "campaign_id" uuid not null, "lead_id" uuid not null, "inbox_id" uuid not null, "kind" text not null, "step_position" int null, "variant" int null, "is_first" boolean not null default false, "dedupe_key" text null, "status" text not null default 'queued', "message_id" text not null, "subject" text null, "body" text null, "reply_to_id" uuid null, "in_reply_to" text null, "references" text null, "scheduled_for" timestamptz(3) not null, "attempts" int not null default 0, "claimed_at" timestamptz(3) null, "sent_at" timestamptz(3) null, "smtp_code" int null, "error" text null, "opened_at" timestamptz(3) null, "clicked_at" timestamptz(3) null, constraint "send_pkey" primary key ("id"));`);
    this.addSql(`create index "send_inbox_id_sent_at_index" on "send" ("inbox_id", "sent_at");`);
    this.addSql(`create index "send_campaign_id_sent_at_index" on "send" ("campaign_id", "sent_at");`);
    this.addSql(`create index "send_lead_id_created_at_index" on "send" ("lead_id", "created_at");`);
    this.addSql(`create index "send_message_id" on "send" ("message_id");`);
    this.addSql(`create index "send_queue" on "send" ("scheduled_for", "id") where "status" in ('queued', 'sending');`);
    this.addSql(`create unique index "send_lead_one_off_unique" on "send" ("lead_id", "dedupe_key") where "kind" = 'one_off';`);
    this.addSql(`create unique index "send_lead_step_unique" on "send" ("lead_id", "step_position") where "kind" = 'step';`);

    this.addSql(`create table "tracking_event" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "send_id" uuid not null, "lead_id" uuid not null, "campaign_id" uuid not null, "kind" text not null, "method" text not null, "url" text null, "human" boolean not null, constraint "tracking_event_pkey" primary key ("id"));`);
    this.addSql(`create index "tracking_event_send_id_index" on "tracking_event" ("send_id");`);
    this.addSql(`create index "tracking_event_campaign_id_kind_created_at_index" on "tracking_event" ("campaign_id", "kind", "created_at");`);
    this.addSql(`create index "tracking_event_lead_id_kind_index" on "tracking_event" ("lead_id", "kind");`);

    this.addSql(`create table "send_attempt" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "send_id" uuid not null, "inbox_id" uuid not null, "outcome" text not null, "code" int null, "detail" text null, constraint "send_attempt_pkey" primary key ("id"));`);
    this.addSql(`create index "send_attempt_inbox_id_created_at_index" on "send_attempt" ("inbox_id", "created_at");`);
    this.addSql(`create index "send_attempt_workspace_id_created_at_index" on "send_attempt" ("workspace_id", "created_at");`);

    this.addSql(`create table "bounce" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "campaign_id" uuid null, "lead_id" uuid null, "inbox_id" uuid null, "send_id" uuid null, "email" text not null, "source" text not null, "code" int null, "category" text not null, "reason" text not null, constraint "bounce_pkey" primary key ("id"));`);
    this.addSql(`create index "bounce_inbox_id_created_at_index" on "bounce" ("inbox_id", "created_at");`);
    this.addSql(`create index "bounce_campaign_id_created_at_index" on "bounce" ("campaign_id", "created_at");`);

    this.addSql(`alter table "event" add constraint "event_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "task" add constraint "task_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "task" add constraint "task_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "task" add constraint "task_lead_id_foreign" foreign key ("lead_id") references "lead" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "send" add constraint "send_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "send" add constraint "send_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "send" add constraint "send_lead_id_foreign" foreign key ("lead_id") references "lead" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "send" add constraint "send_inbox_id_foreign" foreign key ("inbox_id") references "inbox" ("id") on update cascade;`);

    this.addSql(`alter table "tracking_event" add constraint "tracking_event_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tracking_event" add constraint "tracking_event_send_id_foreign" foreign key ("send_id") references "send" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tracking_event" add constraint "tracking_event_lead_id_foreign" foreign key ("lead_id") references "lead" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tracking_event" add constraint "tracking_event_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "send_attempt" add constraint "send_attempt_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "send_attempt" add constraint "send_attempt_send_id_foreign" foreign key ("send_id") references "send" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "send_attempt" add constraint "send_attempt_inbox_id_foreign" foreign key ("inbox_id") references "inbox" ("id") on update cascade;`);

    this.addSql(`alter table "bounce" add constraint "bounce_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "bounce" add constraint "bounce_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "bounce" add constraint "bounce_lead_id_foreign" foreign key ("lead_id") references "lead" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "bounce" add constraint "bounce_inbox_id_foreign" foreign key ("inbox_id") references "inbox" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "bounce" add constraint "bounce_send_id_foreign" foreign key ("send_id") references "send" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "inbox" add column "provider" text null, add column "last_sent_at" timestamptz(3) null, add column "next_free_at" timestamptz(3) null, add column "bounce_count_from" timestamptz(3) null;`);

    this.addSql(`alter table "lead" add column "last_step_at" timestamptz(3) null, add column "variant" int null, add column "verification_started_at" timestamptz(3) null;`);
    this.addSql(`create index "lead_campaign_due" on "lead" ("campaign_id", "next_due_at") where "status" = 'active';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tracking_event" drop constraint "tracking_event_send_id_foreign";`);

    this.addSql(`alter table "send_attempt" drop constraint "send_attempt_send_id_foreign";`);

    this.addSql(`alter table "bounce" drop constraint "bounce_send_id_foreign";`);

    this.addSql(`drop table if exists "event" cascade;`);

    this.addSql(`drop table if exists "task" cascade;`);

    this.addSql(`drop table if exists "send" cascade;`);

    this.addSql(`drop table if exists "tracking_event" cascade;`);

    this.addSql(`drop table if exists "send_attempt" cascade;`);

    this.addSql(`drop table if exists "bounce" cascade;`);

    this.addSql(`alter table "inbox" drop column "provider", drop column "last_sent_at", drop column "next_free_at", drop column "bounce_count_from";`);

    this.addSql(`drop index "lead_campaign_due";`);
    this.addSql(`alter table "lead" drop column "last_step_at", drop column "variant", drop column "verification_started_at";`);
  }

}
