// The committed migrations must build exactly the schema the entities describe: an entity change
// without its migration (npm run migration:create) fails here.
// And what is pending is read from MikroORM's table, without loading the Migrator (src/storage/orm.ts).
import fs from 'node:fs';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { migrationsList } from '../../src/storage/migrations';
import { ormOptions, pendingMigrations } from '../../src/storage/orm';
import { migrationsCheck } from '../../src/observability/readiness';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';

it('leaves no difference between the migrated database and the entities', async () => {
  const orm = await MikroORM.init(ormOptions(process.env.TEST_DATABASE_URL!));
  try {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
    expect(diff.trim()).toBe('');
  } finally {
    await orm.close();
  }
});

describe('what is pending, read without the Migrator', () => {
  let db: OwnDatabase;
  let orm: MikroORM;
  beforeAll(async () => {
    db = await createOwnDatabase('empty');
    orm = await MikroORM.init(ormOptions(db.url));
  });
  afterAll(async () => {
    await orm.close();
    await db.drop();
  });

  it('is every migration on a new database, and readiness says which', async () => {
    expect(await pendingMigrations(orm.em.fork())).toEqual(migrationsList.map((m) => m.name));
    await expect(migrationsCheck(orm)()).rejects.toThrow(`${migrationsList.length} migration(s) not applied: ${migrationsList[0]!.name}, `);
  });

  it('is none once they ran, and again the newest when the database has not run it yet (a newer release)', async () => {
    await orm.getMigrator().up();
    expect(await pendingMigrations(orm.em.fork())).toEqual([]);
    await expect(migrationsCheck(orm)()).resolves.toBeUndefined();
    const newest = migrationsList.at(-1)!.name;
    await orm.em.fork().getConnection().execute(`delete from mikro_orm_migrations where name = ?`, [newest]);
    expect(await pendingMigrations(orm.em.fork())).toEqual([newest]);
    await expect(migrationsCheck(orm)()).rejects.toThrow(`1 migration(s) not applied: ${newest}`);
  });

  it('lists every migration file of the folder, in order, so none is left out of a start', () => {
    const files = fs
      .readdirSync(path.join(__dirname, '../../src/storage/migrations'))
      .filter((f) => /^Migration\d{14}.*\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(migrationsList.map((m) => m.name)).toEqual(files);
  });
});
