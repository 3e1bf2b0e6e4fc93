// decisions.md §10: removing a member deletes the API keys that member made. Before, a removed member's
// keys lost their maker (created_by_id set to null) and kept working; the migration deletes those, keeps
// every key that has its maker, and from then on the database deletes a member's keys with the member.
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { ormOptions } from '../../src/storage/orm';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';

const BEFORE = 'Migration20261126053049_lead_field_names';

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

it('deletes keys orphaned by removed members, keeps the others, and cascades from then on', async () => {
  await orm.getMigrator().up({ to: BEFORE });
  const sql = (query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute(query, params);
  const [workspace, owner, member] = [randomUUID(), randomUUID(), randomUUID()];
  await sql(`insert into workspace (id, created_at, name) values (?, now(), 'W')`, [workspace]);
  for (const [id, role] of [
    [owner, 'owner'],
    [member, 'member'],
  ]) {
    await sql(`insert into "user" (id, created_at, workspace_id, email, role, password_hash) values (?, now(), ?, ?, ?, 'scrypt$a$b')`, [id, workspace, `${id}@example.com`, role]);
  }
  const key = (id: string, maker: string) =>
    sql(`insert into api_key (id, created_at, workspace_id, created_by_id, name, key_hash) values (?, now(), ?, ?, 'k', ?)`, [id, workspace, maker, randomUUID()]);
  const [ownersKey, membersKey] = [randomUUID(), randomUUID()];
  await key(ownersKey, owner);
  await key(membersKey, member);
  // The member is removed under the old schema: their key loses its maker and stays.
  await sql(`delete from "user" where id = ?`, [member]);
  expect(await sql(`select id, created_by_id from api_key where workspace_id = ? order by id`, [workspace])).toHaveLength(2);

  await orm.getMigrator().up();

  expect(await sql(`select id from api_key where workspace_id = ?`, [workspace])).toEqual([{ id: ownersKey }]);
  await sql(`delete from "user" where id = ?`, [owner]);
  expect(await sql(`select id from api_key where workspace_id = ?`, [workspace])).toEqual([]);
});
