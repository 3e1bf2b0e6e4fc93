import { Migration } from '@mikro-orm/migrations';

export class Migration20261126135512_rate_limit_counter extends Migration {

  override async up(): Promise<void> {
    // rate-limiter-flexible's PostgreSQL store (src/security/rate-limits/): its own table shape (key, points,
    // expire in epoch milliseconds), made here so the service never creates it at run time. The index on
    // expire serves the deletion of ended windows.
    this.addSql(`create table "rate_limit_counter" ("key" varchar(255) not null, "points" integer not null default 0, "expire" bigint null, constraint "rate_limit_counter_pkey" primary key ("key"));`);
    this.addSql(`create index "rate_limit_counter_expire_index" on "rate_limit_counter" ("expire");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_counter";`);
  }

}
