import { Migration } from '@mikro-orm/migrations';

// The follow-up queue index gains id, the tie-break of the dispatcher's order (next_due_at, id): with it
// a tick reads each campaign's first few due leads from the index instead of all of them and sorting.
// (The schema diff does not see a changed index expression under the same name, so this one is by hand.)
export class Migration20261125124500_lead_due_order extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "lead_campaign_due";`);
    this.addSql(`create index "lead_campaign_due" on "lead" ("campaign_id", "next_due_at", "id") where "status" = 'active';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "lead_campaign_due";`);
    this.addSql(`create index "lead_campaign_due" on "lead" ("campaign_id", "next_due_at") where "status" = 'active';`);
  }

}
