import { Migration } from '@mikro-orm/migrations';

export class Migration20261126210000_send_handoff extends Migration {

  override async up(): Promise<void> {
    // sending/README.md "Deliver": a claimed send names the process that claimed it (its owner name) and
    // when it was handed to the wire, so a dead claimant's sends that never left go back to the queue.
    // Rows claimed before this have neither: the sweep's 10-minute backstop handles them as before.
    this.addSql(`alter table "send" add column "claimed_by" text null, add column "handed_at" timestamptz(3) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "send" drop column "claimed_by", drop column "handed_at";`);
  }

}
