import { Migration } from '@mikro-orm/migrations';

export class Migration20261125162859_inbound_mail extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "inbox_folder_cursor" ("id" uuid not null, "created_at" timestamptz(3) not null, "inbox_id" uuid not null, "folder" text not null, "uid_validity" text not null, "last_uid" bigint not null default 0, "unreadable" int not null default 0, "last_unreadable" text null, "updated_at" timestamptz(3) not null, constraint "inbox_folder_cursor_pkey" primary key ("id"));`);
    this.addSql(`alter table "inbox_folder_cursor" add constraint "inbox_folder_cursor_inbox_id_folder_unique" unique ("inbox_id", "folder");`);

    this.addSql(`create table "dmarc_report_row" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "inbox_id" uuid null, "report_id" text not null, "org" text not null, "domain" text null, "begins_at" timestamptz(3) not null, "ends_at" timestamptz(3) not null, "messages" int not null, "passed" int not null, "dkim_passed" int not null, "spf_passed" int not null, "quarantined" int not null, "rejected" int not null, "sources" jsonb not null, constraint "dmarc_report_row_pkey" primary key ("id"));`);
    this.addSql(`create index "dmarc_report_row_workspace_id_ends_at_index" on "dmarc_report_row" ("workspace_id", "ends_at");`);
    this.addSql(`alter table "dmarc_report_row" add constraint "dmarc_report_row_workspace_id_report_id_unique" unique ("workspace_id", "report_id");`);

    this.addSql(`create table "reply_item" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "inbox_id" uuid not null, "lead_id" uuid null, "campaign_id" uuid null, "send_id" uuid null, "one_off" boolean not null default false, "kind" text not null, "rule" text not null, "evidence" text not null, "matched_by" text not null, "bounce" jsonb null, "message_id" text null, "thread_references" jsonb not null, "folder" text not null, "uid_validity" text not null, "uid" bigint not null, "from_email" text not null, "from_name" text null, "subject" text not null default '', "snippet" text not null default '', "body_text" text not null default '', "received_at" timestamptz(3) not null, "status" text not null default 'lead', "is_read" boolean not null default false, "replied_at" timestamptz(3) null, "assisted_interest" text null, "assisted_confidence" double precision null, "lead_away_until" timestamptz(3) null, "assigned_user_id" uuid null, "snoozed_until" timestamptz(3) null, constraint "reply_item_pkey" primary key ("id"));`);
    this.addSql(`create index "reply_item_campaign_id_received_at_index" on "reply_item" ("campaign_id", "received_at");`);
    this.addSql(`create index "reply_item_lead_id_received_at_index" on "reply_item" ("lead_id", "received_at");`);
    this.addSql(`create index "reply_item_workspace_received" on "reply_item" ("workspace_id", "received_at" desc, "id" desc);`);
    this.addSql(`create unique index "reply_item_inbox_uid" on "reply_item" ("inbox_id", "folder", "uid_validity", "uid") where "message_id" is null;`);
    this.addSql(`create unique index "reply_item_inbox_message" on "reply_item" ("inbox_id", "message_id") where "message_id" is not null;`);

    this.addSql(`alter table "inbox_folder_cursor" add constraint "inbox_folder_cursor_inbox_id_foreign" foreign key ("inbox_id") references "inbox" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "dmarc_report_row" add constraint "dmarc_report_row_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "dmarc_report_row" add constraint "dmarc_report_row_inbox_id_foreign" foreign key ("inbox_id") references "inbox" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "reply_item" add constraint "reply_item_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "reply_item" add constraint "reply_item_inbox_id_foreign" foreign key ("inbox_id") references "inbox" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "reply_item" add constraint "reply_item_lead_id_foreign" foreign key ("lead_id") references "lead" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "reply_item" add constraint "reply_item_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "reply_item" add constraint "reply_item_send_id_foreign" foreign key ("send_id") references "send" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "reply_item" add constraint "reply_item_assigned_user_id_foreign" foreign key ("assigned_user_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "inbox" add column "dmarc_reports" boolean not null default false;`);
    this.addSql(`create unique index "inbox_dmarc_reports" on "inbox" ("workspace_id") where "dmarc_reports";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "inbox_folder_cursor" cascade;`);

    this.addSql(`drop table if exists "dmarc_report_row" cascade;`);

    this.addSql(`drop table if exists "reply_item" cascade;`);

    this.addSql(`drop index "inbox_dmarc_reports";`);
    this.addSql(`alter table "inbox" drop column "dmarc_reports";`);
  }

}
