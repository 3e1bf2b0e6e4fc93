import { Migration } from '@mikro-orm/migrations';

export class Migration20261123022449_leads_reading extends Migration {

  override async up(): Promise<void> {
    // Trigram matching for the lead list's `q` (pg_trgm is a trusted extension: no superuser needed).
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`alter table "campaign" add column "one_off" boolean not null default false;`);
    this.addSql(`create unique index "campaign_one_off_unique" on "campaign" ("workspace_id") where "one_off";`);

    this.addSql(`drop index "lead_campaign_id_status_index";`);

    this.addSql(`create index "lead_email_trgm" on "lead" using gin ("email" gin_trgm_ops);`);
    this.addSql(`create index "lead_campaign_list_page" on "lead" ("campaign_id", "source_list_id", "created_at", "id") where "source_list_id" is not null;`);
    this.addSql(`create index "lead_campaign_provider_page" on "lead" ("campaign_id", "provider", "created_at", "id") where "provider" is not null;`);
    this.addSql(`create index "lead_campaign_verification_page" on "lead" ("campaign_id", "verification", "created_at", "id") where "verification" is not null;`);
    this.addSql(`create index "lead_campaign_interest_page" on "lead" ("campaign_id", "interest", "created_at", "id") where "interest" is not null;`);
    this.addSql(`create index "lead_campaign_status_page" on "lead" ("campaign_id", "status", "created_at", "id") include ("interest", "verification", "provider", "source_list_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "campaign_one_off_unique";`);
    this.addSql(`alter table "campaign" drop column "one_off";`);

    this.addSql(`drop index "lead_email_trgm";`);
    this.addSql(`drop index "lead_campaign_list_page";`);
    this.addSql(`drop index "lead_campaign_provider_page";`);
    this.addSql(`drop index "lead_campaign_verification_page";`);
    this.addSql(`drop index "lead_campaign_interest_page";`);
    this.addSql(`drop index "lead_campaign_status_page";`);

    this.addSql(`create index "lead_campaign_id_status_index" on "lead" ("campaign_id", "status");`);
  }

}
