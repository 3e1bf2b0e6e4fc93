import { Migration } from '@mikro-orm/migrations';

export class Migration20261125165807_domain_check_result extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "domain_check_result" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "domain" text not null, "checks" jsonb not null, "checked_at" timestamptz(3) not null, constraint "domain_check_result_pkey" primary key ("id"));`);
    this.addSql(`alter table "domain_check_result" add constraint "domain_check_result_workspace_id_domain_unique" unique ("workspace_id", "domain");`);

    this.addSql(`alter table "domain_check_result" add constraint "domain_check_result_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "domain_check_result" cascade;`);
  }

}
