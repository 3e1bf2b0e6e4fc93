import { Migration } from '@mikro-orm/migrations';

export class Migration20261123015055_inboxes_campaigns_steps extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "sequence_template" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "name" varchar(255) not null, "steps" jsonb not null, constraint "sequence_template_pkey" primary key ("id"));`);
    this.addSql(`alter table "sequence_template" add constraint "sequence_template_workspace_id_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "rate_limit_hit" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "bucket" varchar(255) not null, "at" timestamptz(3) not null, constraint "rate_limit_hit_pkey" primary key ("id"));`);
    this.addSql(`create index "rate_limit_hit_workspace_id_bucket_at_index" on "rate_limit_hit" ("workspace_id", "bucket", "at");`);

    this.addSql(`create table "inbox" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "email" varchar(255) not null, "from_name" varchar(255) not null, "smtp_host" varchar(255) not null, "smtp_port" int not null, "smtp_secure" boolean not null, "imap_host" varchar(255) not null, "imap_port" int not null, "username" varchar(255) not null, "password_enc" text not null, "daily_cap" int not null, "ramp_start" int not null default 10, "ramp_increment" int not null default 5, "ramp_started_at" date not null, "min_gap_minutes" int not null default 9, "gap_jitter_minutes" int not null default 5, "signature" text null, "tags" text[] not null, "domain_daily_cap" int null, "status" varchar(255) not null default 'active', "last_error" text null, "backoff_until" timestamptz(3) null, "deleted_at" timestamptz(3) null, constraint "inbox_pkey" primary key ("id"));`);
    this.addSql(`alter table "inbox" add constraint "inbox_workspace_id_email_unique" unique ("workspace_id", "email");`);

    this.addSql(`create table "inbox_day_stat" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "inbox_id" uuid not null, "day" date not null, "sent" int not null default 0, "failed" int not null default 0, "bounced" int not null default 0, "replied" int not null default 0, constraint "inbox_day_stat_pkey" primary key ("id"));`);
    this.addSql(`alter table "inbox_day_stat" add constraint "inbox_day_stat_inbox_id_day_unique" unique ("inbox_id", "day");`);

    this.addSql(`create table "campaign" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "name" varchar(255) not null, "status" varchar(255) not null default 'draft', "timezone" varchar(255) not null, "days" int[] not null, "window_start" varchar(255) not null default '09:00', "window_end" varchar(255) not null default '17:00', "windows" jsonb null, "lead_timezone" boolean not null default false, "daily_limit" int not null default 30, "max_new_leads_per_day" int null, "prioritize_new" boolean not null default false, "skip_risky" boolean not null default true, "deal_value" int null, "stop_on_reply" boolean not null default true, "stop_on_auto_reply" boolean not null default false, "open_tracking" boolean not null default false, "click_tracking" boolean not null default false, "unsub_header" boolean not null default true, "text_only" boolean not null default false, "company_reply_stop" boolean not null default false, "provider_matching" boolean not null default false, "ab_winner_metric" varchar(255) null, "ab_optimize_after" int not null default 0, "cc" varchar(255) null, "bcc" varchar(255) null, "tags" text[] not null, "start_date" date null, "end_date" date null, "first_sent_at" timestamptz(3) null, "first_task_closed_at" timestamptz(3) null, constraint "campaign_pkey" primary key ("id"));`);

    this.addSql(`create table "step" ("id" uuid not null, "created_at" timestamptz(3) not null, "campaign_id" uuid not null, "position" int not null, "wait_minutes" int not null default 0, "variants" jsonb not null, "task" jsonb null, "condition" varchar(255) null, constraint "step_pkey" primary key ("id"));`);

    this.addSql(`create table "campaign_inbox" ("campaign_id" uuid not null, "inbox_id" uuid not null, constraint "campaign_inbox_pkey" primary key ("campaign_id", "inbox_id"));`);

    this.addSql(`alter table "sequence_template" add constraint "sequence_template_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "rate_limit_hit" add constraint "rate_limit_hit_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "inbox" add constraint "inbox_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "inbox_day_stat" add constraint "inbox_day_stat_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "inbox_day_stat" add constraint "inbox_day_stat_inbox_id_foreign" foreign key ("inbox_id") references "inbox" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "campaign" add constraint "campaign_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "step" add constraint "step_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "campaign_inbox" add constraint "campaign_inbox_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "campaign_inbox" add constraint "campaign_inbox_inbox_id_foreign" foreign key ("inbox_id") references "inbox" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "inbox_day_stat" drop constraint "inbox_day_stat_inbox_id_foreign";`);

    this.addSql(`alter table "campaign_inbox" drop constraint "campaign_inbox_inbox_id_foreign";`);

    this.addSql(`alter table "step" drop constraint "step_campaign_id_foreign";`);

    this.addSql(`alter table "campaign_inbox" drop constraint "campaign_inbox_campaign_id_foreign";`);

    this.addSql(`drop table if exists "sequence_template" cascade;`);

    this.addSql(`drop table if exists "rate_limit_hit" cascade;`);

    this.addSql(`drop table if exists "inbox" cascade;`);

    this.addSql(`drop table if exists "inbox_day_stat" cascade;`);

    this.addSql(`drop table if exists "campaign" cascade;`);

    this.addSql(`drop table if exists "step" cascade;`);

    this.addSql(`drop table if exists "campaign_inbox" cascade;`);
  }

}
