import { Migration } from '@mikro-orm/migrations';

export class Migration20261126025841_webhooks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "webhook_endpoint" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "url" text not null, "events" text[] not null, "description" text null, "enabled" boolean not null default true, "secret_enc" text not null, "failing_since" timestamptz(3) null, "disabled_at" timestamptz(3) null, "lease_until" timestamptz(3) null, constraint "webhook_endpoint_pkey" primary key ("id"));`);

    this.addSql(`create table "webhook_delivery" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "event_id" uuid not null, "endpoint_id" uuid not null, "status" text not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz(3) null, "lease_until" timestamptz(3) null, "response_status" int null, "error" text null, "delivered_at" timestamptz(3) null, constraint "webhook_delivery_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_delivery_due" on "webhook_delivery" ("endpoint_id", "next_attempt_at") where "status" = 'pending';`);
    this.addSql(`create index "webhook_delivery_log" on "webhook_delivery" ("endpoint_id", "created_at");`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_event_id_endpoint_id_unique" unique ("event_id", "endpoint_id");`);

    this.addSql(`alter table "webhook_endpoint" add constraint "webhook_endpoint_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_event_id_foreign" foreign key ("event_id") references "event" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoint" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_endpoint_id_foreign";`);

    this.addSql(`drop table if exists "webhook_endpoint" cascade;`);

    this.addSql(`drop table if exists "webhook_delivery" cascade;`);
  }

}
