import { Migration } from '@mikro-orm/migrations';

export class Migration20261201230957_inbox_free_due extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "lead_campaign_replied_due" on "lead" ("campaign_id", "next_due_at", "id") where "status" = 'active' and "replied_at" is not null;`);
    this.addSql(`create index "lead_campaign_step_due" on "lead" ("campaign_id", "current_step", "next_due_at", "id") where "status" = 'active';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "lead_campaign_replied_due";`);
    this.addSql(`drop index "lead_campaign_step_due";`);
  }

}
