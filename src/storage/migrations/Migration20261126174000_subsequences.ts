import { Migration } from '@mikro-orm/migrations';

export class Migration20261126174000_subsequences extends Migration {

  // decisions.md §11 Subsequences (src/modules/subsequences/README.md): a campaign's parent and trigger,
  // and a joined lead's link to the lead it came from, unique per subsequence (one join per lead).
  override async up(): Promise<void> {
    this.addSql(`alter table "campaign" add column "parent_campaign_id" uuid null, add column "trigger" jsonb null;`);
    this.addSql(`alter table "campaign" add constraint "campaign_parent_campaign_id_foreign" foreign key ("parent_campaign_id") references "campaign" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "campaign_parent_campaign_id_index" on "campaign" ("parent_campaign_id");`);
    this.addSql(`alter table "campaign" add constraint campaign_subsequence_trigger check(("parent_campaign_id" is null) = ("trigger" is null));`);

    this.addSql(`alter table "lead" add column "origin_lead_id" uuid null;`);
    this.addSql(`create unique index "lead_subsequence_once" on "lead" ("origin_lead_id", "campaign_id") where "origin_lead_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaign" drop constraint "campaign_parent_campaign_id_foreign";`);

    this.addSql(`drop index "campaign_parent_campaign_id_index";`);
    this.addSql(`alter table "campaign" drop constraint campaign_subsequence_trigger;`);
    this.addSql(`alter table "campaign" drop column "parent_campaign_id", drop column "trigger";`);

    this.addSql(`drop index "lead_subsequence_once";`);
    this.addSql(`alter table "lead" drop column "origin_lead_id";`);
  }

}
