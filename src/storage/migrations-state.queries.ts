// What the database says of the migrations (MikroORM's table), read without MikroORM's Migrator, which
// would load every migration and the migration libraries (src/storage/migrations/index.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from './sql';

/** MikroORM's record of the migrations applied (its default table name). */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/**
 * The names of the migrations applied, or none when the table is not there yet (a new database).
 * @allWorkspaces the schema's own history, no workspace's rows
 */
export async function appliedMigrationNames(em: EntityManager): Promise<Set<string>> {
  const [table] = await sql(em, `select to_regclass(?) is not null as present`, [MIGRATIONS_TABLE]);
  if (!table?.present) return new Set();
  const rows = await sql(em, `select name from ${MIGRATIONS_TABLE}`);
  return new Set(rows.map((r) => r.name as string));
}
