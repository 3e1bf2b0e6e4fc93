// A database of its own on the test run's PostgreSQL server, for a file whose service runs the job
// runner: Agenda keeps its jobs in the database, and two runners on the shared one would take each
// other's recurring jobs (jobs.test.ts waits for its own heartbeat) and dispatch other files' campaigns.
// The service applies the migrations on start, as on a fresh install.
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

/** A new empty database; or, given `template` (a database nobody is connected to), a copy of it: a file
 *  whose tests each need a fresh database migrates one template once instead of every copy. */
export async function createOwnDatabase(template?: OwnDatabase): Promise<OwnDatabase> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) throw new Error('TEST_DATABASE_URL is unset: run the tests with jest (test/support/global-setup.ts)');
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  await onServer(template ? `create database ${name} template ${new URL(template.url).pathname.slice(1)}` : `create database ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
