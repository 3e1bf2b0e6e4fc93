import { Migration } from '@mikro-orm/migrations';

export class Migration20261127200000_job_result_order extends Migration {

  override async up(): Promise<void> {
    // A background import's result is the synchronous import's answer (decisions.md §12), and reads best in
    // the same order: jsonb keeps keys sorted by length, json keeps them as written. Nothing queries
    // inside it.
    this.addSql(`alter table "background_job" alter column "result" type json using "result"::json;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "background_job" alter column "result" type jsonb using "result"::jsonb;`);
  }

}
