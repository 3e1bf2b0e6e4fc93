// One embedded PostgreSQL for the whole run (in a private temp dir), migrated once. Test files each
// start the service against it and sign up their own workspace: a clean workspace, not a clean database.
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/orm';

export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-test-'));
  const db = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
  await db.orm.close();
  // Jest copies the outer process's globals into each test sandbox; MikroORM keeps its entity metadata
  // on globalThis, and objects from this realm break it there ("incompatible receiver"). Drop them.
  for (const key of Object.keys(globalThis)) if (key.startsWith('mikro-orm-')) delete (globalThis as Record<string, unknown>)[key];
  process.env.TEST_DATABASE_URL = db.url;
  process.env.TEST_DATA_DIR = dataDir;
  (globalThis as Record<string, unknown>).__outreachTestDb = { db, dataDir };
}
