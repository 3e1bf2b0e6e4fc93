import { Migration } from '@mikro-orm/migrations';

export class Migration20261126200000_api_key_scopes extends Migration {

  override async up(): Promise<void> {
    // decisions.md §12: a key's scopes; every key made before has `all` (it could do everything).
    this.addSql(`alter table "api_key" add column "scopes" text[] not null default '{all}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "api_key" drop column "scopes";`);
  }

}
