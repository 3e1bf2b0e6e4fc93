// decisions.md §12: keys made before scopes existed keep doing everything: the migration gives every
// existing key `all`, and a key inserted without scopes afterwards gets `all` too.
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { ormOptions } from '../../src/storage/orm';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';

const BEFORE = 'Migration20261126174000_subsequences';

let db: OwnDatabase;
let orm: MikroORM;

beforeAll(async () => {
  db = await createOwnDatabase('empty');
  orm = await MikroORM.init(ormOptions(db.url));
});
afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

it('gives keys made before the scopes column all, and all by default after', async () => {
  await orm.getMigrator().up({ to: BEFORE });
  const sql = (query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute(query, params);
  const [workspace, owner, before, after] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  await sql(`insert into workspace (id, created_at, name) values (?, now(), 'W')`, [workspace]);
  await sql(`insert into "user" (id, created_at, workspace_id, email, role, password_hash) values (?, now(), ?, ?, 'owner', 'scrypt$a$b')`, [
    owner,
    workspace,
    `${owner}@example.com`,
  ]);
  const key = (id: string) =>
    sql(`insert into api_key (id, created_at, workspace_id, created_by_id, name, key_hash) values (?, now(), ?, ?, 'k', ?)`, [id, workspace, owner, randomUUID()]);
  await key(before);

  await orm.getMigrator().up();

  await key(after);
  expect(await sql(`select id, scopes from api_key where workspace_id = ? order by created_at, id`, [workspace])).toEqual(
    expect.arrayContaining([
      { id: before, scopes: ['all'] },
      { id: after, scopes: ['all'] },
    ]),
  );
  await expect(sql(`update api_key set scopes = null where id = ?`, [before])).rejects.toThrow(/null/);
});
