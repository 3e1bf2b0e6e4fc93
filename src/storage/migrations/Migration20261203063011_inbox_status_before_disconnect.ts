import { Migration } from '@mikro-orm/migrations';

export class Migration20261203063011_inbox_status_before_disconnect extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "inbox" add column "status_before_disconnect" varchar(255) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "inbox" drop column "status_before_disconnect";`);
  }

}
