import { Migration } from '@mikro-orm/migrations';

export class Migration20261201225346_oauth_inboxes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "inbox_oauth" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "inbox_id" uuid not null, "provider" varchar(255) not null, "subject" varchar(255) not null, "tenant" varchar(255) null, "refresh_token_enc" text not null, "access_token_enc" text null, "access_expires_at" timestamptz(3) null, "token_version" int not null default 0, "refresh_claim" varchar(255) null, "refresh_claim_until" timestamptz(3) null, constraint "inbox_oauth_pkey" primary key ("id"));`);
    this.addSql(`alter table "inbox_oauth" add constraint "inbox_oauth_inbox_id_unique" unique ("inbox_id");`);

    this.addSql(`create table "oauth_state" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "state_hash" varchar(255) not null, "provider" varchar(255) not null, "user_id" uuid not null, "api_key_id" uuid null, "mailbox_id" uuid null, "return_to" text not null, "code_verifier_enc" text not null, "nonce" varchar(255) not null, "expires_at" timestamptz(3) not null, "used_at" timestamptz(3) null, constraint "oauth_state_pkey" primary key ("id"));`);
    this.addSql(`alter table "oauth_state" add constraint "oauth_state_state_hash_unique" unique ("state_hash");`);
    this.addSql(`create index "oauth_state_workspace_id_expires_at_index" on "oauth_state" ("workspace_id", "expires_at");`);

    this.addSql(`alter table "inbox_oauth" add constraint "inbox_oauth_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "inbox_oauth" add constraint "inbox_oauth_inbox_id_foreign" foreign key ("inbox_id") references "inbox" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "oauth_state" add constraint "oauth_state_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "oauth_state" add constraint "oauth_state_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "oauth_state" add constraint "oauth_state_api_key_id_foreign" foreign key ("api_key_id") references "api_key" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "inbox" add column "auth_type" varchar(255) not null default 'password', add column "oauth_provider" varchar(255) null;`);
    this.addSql(`alter table "inbox" alter column "password_enc" type text using ("password_enc"::text);`);
    this.addSql(`alter table "inbox" alter column "password_enc" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "inbox_oauth" cascade;`);

    this.addSql(`drop table if exists "oauth_state" cascade;`);

    this.addSql(`alter table "inbox" drop column "auth_type", drop column "oauth_provider";`);

    this.addSql(`alter table "inbox" alter column "password_enc" type text using ("password_enc"::text);`);
    this.addSql(`alter table "inbox" alter column "password_enc" set not null;`);
  }

}
