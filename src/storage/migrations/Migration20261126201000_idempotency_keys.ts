import { Migration } from '@mikro-orm/migrations';

export class Migration20261126201000_idempotency_keys extends Migration {

  override async up(): Promise<void> {
    // decisions.md §12 idempotency keys (src/contracts/idempotency/): one row per workspace and key, claimed before
    // the request runs (state `running`, leased to its process), then holding the answer to replay (state
    // `done`) until it expires 24 h after the first request. Raw SQL only, like the rate-limit counters,
    // so the schema diff leaves it alone (src/storage/orm.ts). The index on expires_at serves the clean-up.
    this.addSql(`create table "idempotency_key" ("workspace_id" uuid not null, "key" varchar(255) not null, "fingerprint" char(64) not null, "state" text not null, "lease_holder" text null, "lease_until" timestamptz(3) null, "response_status" int null, "response_headers" jsonb null, "response_body" text null, "created_at" timestamptz(3) not null, "expires_at" timestamptz(3) not null, constraint "idempotency_key_pkey" primary key ("workspace_id", "key"), constraint "idempotency_key_state_check" check ("state" in ('running', 'done')));`);
    this.addSql(`create index "idempotency_key_expires_at_index" on "idempotency_key" ("expires_at");`);
    this.addSql(`alter table "idempotency_key" add constraint "idempotency_key_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_key";`);
  }

}
