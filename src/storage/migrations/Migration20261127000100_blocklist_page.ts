import { Migration } from '@mikro-orm/migrations';

export class Migration20261127000100_blocklist_page extends Migration {

  // decisions.md §12: GET /blocklist pages newest first (created_at desc, email), by offset or by cursor;
  // this index gives the workspace's entries in that order, so a page (and the page after a cursor) is a
  // range cut by LIMIT instead of a sort of every entry.
  override async up(): Promise<void> {
    this.addSql(`create index "blocklist_entry_page" on "blocklist_entry" ("workspace_id", "created_at" desc, "email");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "blocklist_entry_page";`);
  }

}
