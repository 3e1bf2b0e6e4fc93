// The migration to one tracking row per link (decisions.md §10) folds the rows of a database that kept a
// row per hit: the earliest row of each (send, kind, url) stays, with the others' latest time, their count
// and the first counted hit; the rest go, and the unique key holds.
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { migrationsList } from '../../src/storage/migrations';
import { ormOptions } from '../../src/storage/orm';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';

const FOLD = 'Migration20261126135944_tracking_first_hits';

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

it('folds a row per hit into a row per link, keeping the counts the reports and the clicked condition read', async () => {
  const before = migrationsList[migrationsList.findIndex((m) => m.name === FOLD) - 1]!.name;
  await orm.getMigrator().up({ to: before });
  const conn = orm.em.getConnection();
  const [send, other, workspace, lead, campaign] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 10, minutes));
  const hits: [string, string, string, string | null, boolean, Date][] = [
    [send, 'open', 'HEAD', null, false, at(1)],
    [send, 'open', 'GET', null, true, at(2)],
    [send, 'open', 'GET', null, false, at(9)],
    [send, 'click', 'GET', 'https://a.example/', false, at(3)],
    [send, 'click', 'GET', 'https://a.example/', true, at(20)],
    [send, 'click', 'GET', 'https://a.example/', true, at(30)],
    [send, 'click', 'HEAD', 'https://b.example/', false, at(21)],
    [other, 'open', 'GET', null, true, at(5)],
  ];
  // Rows of an old database, without the workspace, send, lead and campaign rows they name (the keys are
  // not what is tested): this throw-away database drops those foreign keys.
  for (const key of ['workspace_id', 'send_id', 'lead_id', 'campaign_id']) await conn.execute(`alter table tracking_event drop constraint tracking_event_${key}_foreign`);
  for (const [sendId, kind, method, url, human, createdAt] of hits) {
    await conn.execute(`insert into tracking_event (id, created_at, workspace_id, send_id, lead_id, campaign_id, kind, method, url, human) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      randomUUID(),
      createdAt,
      workspace,
      sendId,
      lead,
      campaign,
      kind,
      method,
      url,
      human,
    ]);
  }

  await orm.getMigrator().up({ to: FOLD });
  const rows = await conn.execute(
    `select send_id, kind, url, method, human, hits, created_at, last_hit_at, human_at, person_at from tracking_event order by send_id = ? desc, kind, url`,
    [send],
  );
  const ms = (v: unknown) => (v === null ? null : new Date(v as string).getTime());
  expect(rows.map((r) => ({ ...r, created_at: ms(r.created_at), last_hit_at: ms(r.last_hit_at), human_at: ms(r.human_at), person_at: ms(r.person_at) }))).toEqual([
    {
      send_id: send,
      kind: 'click',
      url: 'https://a.example/',
      method: 'GET',
      human: true,
      hits: 3,
      created_at: +at(3),
      last_hit_at: +at(30),
      human_at: +at(20),
      person_at: +at(20),
    },
    { send_id: send, kind: 'click', url: 'https://b.example/', method: 'HEAD', human: false, hits: 1, created_at: +at(21), last_hit_at: +at(21), human_at: null, person_at: null },
    { send_id: send, kind: 'open', url: '', method: 'HEAD', human: true, hits: 3, created_at: +at(1), last_hit_at: +at(9), human_at: +at(2), person_at: null },
    { send_id: other, kind: 'open', url: '', method: 'GET', human: true, hits: 1, created_at: +at(5), last_hit_at: +at(5), human_at: +at(5), person_at: null },
  ]);
  await expect(
    conn.execute(
      `insert into tracking_event (id, created_at, workspace_id, send_id, lead_id, campaign_id, kind, method, url, human, last_hit_at) values (?, now(), ?, ?, ?, ?, 'open', 'GET', '', true, now())`,
      [randomUUID(), workspace, send, lead, campaign],
    ),
  ).rejects.toThrow(/tracking_event_send_id_kind_url_unique/);
});
