// The few writes the lease protocol makes to Agenda's own job rows (README.md here), for each backend:
// renewing a lease only while it is still ours, and expiring the locks of processes that are gone, or
// our own at stop. Agenda's API has none of them: its touch() writes the lock whoever holds the row now.
//
// "Expire" sets locked_at to the epoch: the row then looks like a lock that ran out long ago, which
// Agenda's own scan takes over at once (a recurring job waits for its next time; a queued run whose
// next_run_at Agenda cleared when it started runs again). Clearing locked_at instead would strand such
// a queued run: Agenda finds an unlocked row only by its next_run_at.
import type { Pool } from 'pg';
import { ownerAliveSql } from '../src/storage/owner-sql';

/** The lock time of an expired lease (mongo-backend.ts writes it too). */
export const EXPIRED = new Date(0);

export interface GivenBack {
  id: string;
  name: string;
}

export interface AgendaRows {
  /** Moves the row's lock from `held` (the lock this process took or last renewed) to `now`, naming this
   *  process as its holder again; false when the row no longer carries that lock (another process took
   *  the job after the lease ran out). */
  renew(id: string, held: Date, now: Date): Promise<boolean>;
  /** Expires the locks whose holder is no longer alive (no owner lock), or is not named; the rows given
   *  back. */
  expireDead(): Promise<GivenBack[]>;
  /** Expires every lock this process still holds (at stop, once its runs ended or were given up). */
  expireOwn(): Promise<number>;
}

/** Agenda's PostgreSQL backend: its table is in the service's database, beside pg_locks. */
export function postgresRows(pool: Pool, table: string, owner: string): AgendaRows {
  const t = `"${table.replace(/"/g, '""')}"`;
  return {
    async renew(id, held, now) {
      const r = await pool.query(`update ${t} set locked_at = $3, last_modified_by = $4 where id = $1 and locked_at = $2`, [id, held, now, owner]);
      return r.rowCount === 1;
    },
    async expireDead() {
      // One statement: the row's holder is checked against pg_locks under the row's lock, so a row taken
      // meanwhile by a live process (its name now on the row) is left alone.
      const r = await pool.query<GivenBack>(
        `update ${t} j set locked_at = $1
          where j.locked_at > $1 and (j.last_modified_by is null or not ${ownerAliveSql('j.last_modified_by::text')})
          returning j.id::text, j.name`,
        [EXPIRED],
      );
      return r.rows;
    },
    async expireOwn() {
      const r = await pool.query(`update ${t} set locked_at = $1 where last_modified_by = $2 and locked_at > $1`, [EXPIRED, owner]);
      return r.rowCount ?? 0;
    },
  };
}
