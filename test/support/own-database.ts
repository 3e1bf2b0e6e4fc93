// A database of its own on the test run's PostgreSQL server, for a file whose service runs the job
// runner: Agenda keeps its jobs in the database, and two runners on the shared one would take each
// other's recurring jobs (jobs.test.ts waits for its own heartbeat) and dispatch other files' campaigns.
// It starts as a copy of the schema global-setup.ts migrated once (no rows, no Agenda tables yet); a file
// that tests the migrations themselves asks for an empty one.
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The migrated schema global-setup.ts keeps as a template (nobody connects to it). */
export const MIGRATED_TEMPLATE = 'outreach_test_migrated';

/** A new database: a copy of the migrated schema (0.1 s, where applying the migrations to an empty one
 *  adds 0.5–0.9 s to the service's start, and some twenty files make one); or, `'empty'`, one with no
 *  tables at all. */
export async function createOwnDatabase(from: 'migrated' | 'empty' = 'migrated'): Promise<OwnDatabase> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) throw new Error('TEST_DATABASE_URL is unset: run the tests with jest (test/support/global-setup.ts)');
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  await onServer(from === 'migrated' ? `create database ${name} template ${MIGRATED_TEMPLATE}` : `create database ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
