import { Migration } from '@mikro-orm/migrations';

export class Migration20261125110833_lead_workspace_no_fk extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "lead" drop constraint "lead_workspace_id_foreign";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "lead" add constraint "lead_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
  }

}
