import { Migration } from '@mikro-orm/migrations';

export class Migration20261127000200_background_jobs extends Migration {

  override async up(): Promise<void> {
    // decisions.md §12 background jobs (src/modules/leads/background/README.md): one row per async import
    // or export, its input (an uploaded CSV, JSON rows, a fetched sheet, a list's entries) in pieces, the
    // addresses an import kept out so far (for its resumption), and an export's CSV in pieces. Raw SQL
    // only, like the idempotency keys, so the schema diff leaves them alone (src/storage/orm.ts).
    this.addSql(`create table "background_job" ("id" uuid not null, "workspace_id" uuid not null, "kind" text not null, "status" text not null default 'queued', "campaign_id" uuid not null, "input" jsonb not null, "progress_done" int not null default 0, "progress_total" int null, "checkpoint" jsonb null, "result" jsonb null, "error" jsonb null, "created_at" timestamptz(3) not null, "started_at" timestamptz(3) null, "finished_at" timestamptz(3) null, "result_deleted" boolean not null default false, "run_queued" boolean not null default false, constraint "background_job_pkey" primary key ("id"), constraint "background_job_kind_check" check ("kind" in ('import', 'export')), constraint "background_job_status_check" check ("status" in ('queued', 'running', 'done', 'failed')));`);
    this.addSql(`create index "background_job_workspace_order_index" on "background_job" ("workspace_id", "created_at" desc, "id" desc);`);
    // A job whose run was never queued (its process died between the commit and the queueing): found by
    // the requeue job (background.job.ts).
    this.addSql(`create index "background_job_unqueued_index" on "background_job" ("created_at") where "status" = 'queued' and not "run_queued";`);
    this.addSql(`create index "background_job_finished_at_index" on "background_job" ("finished_at") where not "result_deleted";`);
    this.addSql(`alter table "background_job" add constraint "background_job_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "background_job_input" ("job_id" uuid not null, "seq" int not null, "data" text not null, constraint "background_job_input_pkey" primary key ("job_id", "seq"));`);
    this.addSql(`alter table "background_job_input" add constraint "background_job_input_job_id_foreign" foreign key ("job_id") references "background_job" ("id") on delete cascade;`);
    this.addSql(`create table "background_job_seen" ("job_id" uuid not null, "email" text not null, constraint "background_job_seen_pkey" primary key ("job_id", "email"));`);
    this.addSql(`alter table "background_job_seen" add constraint "background_job_seen_job_id_foreign" foreign key ("job_id") references "background_job" ("id") on delete cascade;`);
    this.addSql(`create table "background_job_result" ("job_id" uuid not null, "seq" int not null, "data" text not null, constraint "background_job_result_pkey" primary key ("job_id", "seq"));`);
    this.addSql(`alter table "background_job_result" add constraint "background_job_result_job_id_foreign" foreign key ("job_id") references "background_job" ("id") on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "background_job_result";`);
    this.addSql(`drop table if exists "background_job_seen";`);
    this.addSql(`drop table if exists "background_job_input";`);
    this.addSql(`drop table if exists "background_job";`);
  }

}
