import { Migration } from '@mikro-orm/migrations';

export class Migration20261127000300_audit_log extends Migration {

  override async up(): Promise<void> {
    // decisions.md §12 audit log (src/observability/audit-trail/README.md): one row per successful change, written once and
    // never updated. Raw SQL only, like the idempotency keys, so the schema diff leaves it alone
    // (src/storage/orm.ts). (workspace_id, at desc, id desc) serves the list, newest first, and its cursor;
    // (at) serves the 90-day clean-up across workspaces.
    this.addSql(`create table "audit_log" ("id" uuid not null, "workspace_id" uuid not null, "at" timestamptz(3) not null, "actor_kind" text not null, "actor_id" text not null, "actor_name" text not null, "operation" text not null, "target_id" text null, "ip" text null, constraint "audit_log_pkey" primary key ("id"), constraint "audit_log_actor_kind_check" check ("actor_kind" in ('user', 'key')));`);
    this.addSql(`create index "audit_log_workspace_at_index" on "audit_log" ("workspace_id", "at" desc, "id" desc);`);
    this.addSql(`create index "audit_log_at_index" on "audit_log" ("at");`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_log";`);
  }

}
