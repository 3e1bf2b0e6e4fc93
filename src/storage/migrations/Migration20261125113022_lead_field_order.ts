import { Migration } from '@mikro-orm/migrations';

export class Migration20261125113022_lead_field_order extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "lead_list" add column "field_order" text[] not null default '{}';`);

    this.addSql(`alter table "campaign" add column "field_order" text[] not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaign" drop column "field_order";`);

    this.addSql(`alter table "lead_list" drop column "field_order";`);
  }

}
