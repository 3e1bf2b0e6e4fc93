import { Migration } from '@mikro-orm/migrations';

export class Migration20261123030549_lead_list_entry_order extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "lead_list_entry_list_id_created_at_id_index" on "lead_list_entry" ("list_id", "created_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "lead_list_entry_list_id_created_at_id_index";`);
  }

}
