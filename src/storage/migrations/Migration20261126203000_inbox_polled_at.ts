import { Migration } from '@mikro-orm/migrations';

export class Migration20261126203000_inbox_polled_at extends Migration {

  // decisions.md §13: when each inbox's reply poll last succeeded, for the metrics' oldest unpolled
  // inbox's lag (src/observability/metrics/README.md).
  override async up(): Promise<void> {
    this.addSql(`alter table "inbox" add column "polled_at" timestamptz(3) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "inbox" drop column "polled_at";`);
  }

}
