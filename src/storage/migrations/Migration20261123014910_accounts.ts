import { Migration } from '@mikro-orm/migrations';

export class Migration20261123014910_accounts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "workspace" ("id" uuid not null, "created_at" timestamptz(3) not null, "name" varchar(255) not null, "timezone" varchar(255) not null default 'UTC', "recent_contact_days" int not null default 30, "verification_key_enc" text null, constraint "workspace_pkey" primary key ("id"));`);

    this.addSql(`create table "user" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "email" varchar(255) not null, "name" varchar(255) not null default '', "role" varchar(255) not null default 'member', "password_hash" varchar(255) not null, constraint "user_pkey" primary key ("id"));`);
    this.addSql(`alter table "user" add constraint "user_email_unique" unique ("email");`);

    this.addSql(`create table "session_token" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "user_id" uuid not null, "token_hash" varchar(255) not null, "expires_at" timestamptz(3) not null, constraint "session_token_pkey" primary key ("id"));`);
    this.addSql(`alter table "session_token" add constraint "session_token_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "api_key" ("id" uuid not null, "created_at" timestamptz(3) not null, "workspace_id" uuid not null, "created_by_id" uuid null, "name" varchar(255) not null, "key_hash" varchar(255) not null, "last_used_at" timestamptz(3) null, constraint "api_key_pkey" primary key ("id"));`);
    this.addSql(`alter table "api_key" add constraint "api_key_key_hash_unique" unique ("key_hash");`);

    this.addSql(`alter table "user" add constraint "user_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "session_token" add constraint "session_token_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "session_token" add constraint "session_token_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "api_key" add constraint "api_key_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "api_key" add constraint "api_key_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "user" drop constraint "user_workspace_id_foreign";`);

    this.addSql(`alter table "session_token" drop constraint "session_token_workspace_id_foreign";`);

    this.addSql(`alter table "api_key" drop constraint "api_key_workspace_id_foreign";`);

    this.addSql(`alter table "session_token" drop constraint "session_token_user_id_foreign";`);

    this.addSql(`alter table "api_key" drop constraint "api_key_created_by_id_foreign";`);

    this.addSql(`drop table if exists "workspace" cascade;`);

    this.addSql(`drop table if exists "user" cascade;`);

    this.addSql(`drop table if exists "session_token" cascade;`);

    this.addSql(`drop table if exists "api_key" cascade;`);
  }

}
