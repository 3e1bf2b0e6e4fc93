// One embedded PostgreSQL for the whole run (in a private temp dir), migrated once (and kept as a
// template). Test files each start the service against it and sign up their own workspace: a clean
// workspace, not a clean database.
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/runtime/config';
import { openDatabase } from '../../src/storage/orm';
import { compileTree } from './compiled-tree';
import { MIGRATED_TEMPLATE } from './own-database';

export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-test-'));
  // The processes tests start run the service compiled once here (compiled-tree.ts), while the database starts.
  const [db, compiled] = await Promise.all([openDatabase(loadConfig({ DATA_DIR: dataDir })), compileTree()]);
  // A copy of the freshly migrated schema, for the files that make a database of their own
  // (own-database.ts): nobody connects to it, so it can be a template.
  await db.orm.em.getConnection().execute(`create database ${MIGRATED_TEMPLATE} template ${new URL(db.url).pathname.slice(1)}`);
  await db.orm.close();
  // Jest copies the outer process's globals into each test sandbox; MikroORM keeps its entity metadata
  // on globalThis, and objects from this realm break it there ("incompatible receiver"). Drop them.
  for (const key of Object.keys(globalThis)) if (key.startsWith('mikro-orm-')) delete (globalThis as Record<string, unknown>)[key];
  process.env.TEST_DATABASE_URL = db.url;
  process.env.TEST_DATA_DIR = dataDir;
  process.env.TEST_COMPILED_DIR = compiled;
  (globalThis as Record<string, unknown>).__outreachTestDb = { db, dataDir, compiled };
}
