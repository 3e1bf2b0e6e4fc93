import { Migration } from '@mikro-orm/migrations';

export class Migration20261125170327_verification extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "domain_provider" ("workspace_id" uuid not null, "domain" text not null, "provider" text not null, "checked_at" timestamptz(3) not null, constraint "domain_provider_pkey" primary key ("workspace_id", "domain"));`);

    this.addSql(`alter table "domain_provider" add constraint "domain_provider_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "lead" add column "verification_result" text null;`);
    this.addSql(`create index "lead_verification_pending" on "lead" ("campaign_id", "verification_started_at", "id") where "verification" = 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "domain_provider" cascade;`);

    this.addSql(`drop index "lead_verification_pending";`);
    this.addSql(`alter table "lead" drop column "verification_result";`);
  }

}
