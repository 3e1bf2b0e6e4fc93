import { Migration } from '@mikro-orm/migrations';

export class Migration20261126145420_lease_holders extends Migration {

  override async up(): Promise<void> {
    // The process holding each lease (its owner name, src/storage/process-owner.ts): a lease counts only
    // while that process holds its owner lock, so a dead holder's leases are free at once (issue 21).
    this.addSql(`alter table "webhook_endpoint" add column "lease_holder" text null;`);

    this.addSql(`alter table "webhook_delivery" add column "lease_holder" text null;`);

    this.addSql(`alter table "lead_column" add column "run_lease_holder" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "lead_column" drop column "run_lease_holder";`);

    this.addSql(`alter table "webhook_delivery" drop column "lease_holder";`);

    this.addSql(`alter table "webhook_endpoint" drop column "lease_holder";`);
  }

}
