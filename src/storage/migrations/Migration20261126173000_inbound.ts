import { Migration } from '@mikro-orm/migrations';

export class Migration20261126173000_inbound extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "campaign" add column "bounce_protect" boolean not null default true, add column "paused_reason" text null, add column "bounce_count_from" timestamptz(3) null;`);
    // Bounce protection arrives on (decisions.md §11) and counts from now: emails sent before it existed
    // do not pause a running campaign at its next bounce.
    this.addSql(`update "campaign" set "bounce_count_from" = now();`);

    this.addSql(`create index "send_inbox_subject" on "send" ("inbox_id", md5(lower("subject")), "sent_at") where "status" in ('sent', 'bounced');`);

    this.addSql(`alter table "reply_item" add column "untracked" boolean not null default false, add column "reply_to" text null;`);
    this.addSql(`create index "reply_item_workspace_untracked" on "reply_item" ("workspace_id", "received_at" desc, "id" desc) where "untracked";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaign" drop column "bounce_protect", drop column "paused_reason", drop column "bounce_count_from";`);

    this.addSql(`drop index "reply_item_workspace_untracked";`);
    this.addSql(`alter table "reply_item" drop column "untracked", drop column "reply_to";`);

    this.addSql(`drop index "send_inbox_subject";`);
  }

}
