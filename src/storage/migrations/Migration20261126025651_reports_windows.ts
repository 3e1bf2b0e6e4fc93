import { Migration } from '@mikro-orm/migrations';

export class Migration20261126025651_reports_windows extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "send_attempt_workspace_id_created_at_index";`);

    this.addSql(`create index "send_attempt_workspace_refused" on "send_attempt" ("workspace_id", "created_at") where "outcome" <> 'accepted';`);
    this.addSql(`create index "send_attempt_workspace_window" on "send_attempt" ("workspace_id", "created_at") include ("inbox_id", "outcome", "code");`);

    this.addSql(`create index "reply_item_workspace_replies" on "reply_item" ("workspace_id", "received_at") include ("inbox_id", "one_off") where "kind" = 'reply';`);

    this.addSql(`create index "bounce_workspace_id_created_at_index" on "bounce" ("workspace_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "bounce_workspace_id_created_at_index";`);

    this.addSql(`drop index "reply_item_workspace_replies";`);

    this.addSql(`drop index "send_attempt_workspace_refused";`);
    this.addSql(`drop index "send_attempt_workspace_window";`);

    this.addSql(`create index "send_attempt_workspace_id_created_at_index" on "send_attempt" ("workspace_id", "created_at");`);
  }

}
