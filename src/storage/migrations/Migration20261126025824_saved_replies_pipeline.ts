import { Migration } from '@mikro-orm/migrations';

export class Migration20261126025824_saved_replies_pipeline extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "saved_reply" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "name" text not null, "subject" text null, "body" text not null, constraint "saved_reply_pkey" primary key ("id"));`);
    this.addSql(`alter table "saved_reply" add constraint "saved_reply_workspace_id_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`alter table "saved_reply" add constraint "saved_reply_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`create index "lead_workspace_pipeline" on "lead" ("workspace_id", "interest", "replied_at" desc nulls last, "id") include ("campaign_id", "deal_value") where "interest" in ('interested', 'meeting_booked', 'meeting_completed', 'won', 'lost');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "saved_reply" cascade;`);

    this.addSql(`drop index "lead_workspace_pipeline";`);
  }

}
