import { Migration } from '@mikro-orm/migrations';

export class Migration20261125092657_lead_email_lower extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "lead" add constraint lead_email_lower check(email = lower(email));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "lead" drop constraint lead_email_lower;`);
  }

}
