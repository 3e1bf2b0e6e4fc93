import { Migration } from '@mikro-orm/migrations';

export class Migration20261126134647_api_keys_die_with_their_maker extends Migration {

  override async up(): Promise<void> {
    // decisions.md §10: removing a member deletes the API keys that member made. Until now the key's
    // maker was set to null on delete and the key kept working; those orphaned keys go now, and from
    // here on the database deletes a member's keys with the member.
    this.addSql(`delete from "api_key" where "created_by_id" is null;`);
    this.addSql(`alter table "api_key" drop constraint "api_key_created_by_id_foreign";`);
    this.addSql(`alter table "api_key" alter column "created_by_id" set not null;`);
    this.addSql(`alter table "api_key" add constraint "api_key_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "api_key" drop constraint "api_key_created_by_id_foreign";`);
    this.addSql(`alter table "api_key" alter column "created_by_id" drop not null;`);
    this.addSql(`alter table "api_key" add constraint "api_key_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);
  }

}
