// Agenda's MongoDB backend (MONGODB_URL): the rows in MongoDB, the owner locks in PostgreSQL. Loaded
// only when MONGODB_URL is set (runner.ts): the MongoDB driver is one of the largest packages the service
// has, and nearly every installation keeps its jobs in PostgreSQL.
import { MongoBackend, ObjectId, type MongoJobRepository } from '@agendajs/mongo-backend';
import type { AppDeps } from '../src/runtime/context';
import { EXPIRED, type AgendaRows, type GivenBack } from './agenda-rows';

/** A MongoDB that does not answer within a few seconds at start-up is down: say so instead of waiting
 *  out the driver's 30 s default. */
const MONGODB_SELECT_MS = 5_000;

export function mongoBackend(deps: AppDeps, url: string): { backend: MongoBackend; rows: AgendaRows } {
  const backend = new MongoBackend({ address: url, options: { serverSelectionTimeoutMS: MONGODB_SELECT_MS } });
  return { backend, rows: mongoRows(backend.repository as MongoJobRepository, deps.owner.name, (owners) => deps.owner.alive(owners)) };
}

/** Agenda's MongoDB backend (MONGODB_URL): the rows are in MongoDB, the owner locks in PostgreSQL. */
export function mongoRows(repository: MongoJobRepository, owner: string, alive: (owners: string[]) => Promise<Set<string>>): AgendaRows {
  const jobs = () => repository.collection;
  return {
    async renew(id, held, now) {
      const r = await jobs().updateOne({ _id: new ObjectId(id), lockedAt: held }, { $set: { lockedAt: now, lastModifiedBy: owner } });
      return r.matchedCount === 1;
    },
    async expireDead() {
      const locked = await jobs()
        .find({ lockedAt: { $gt: EXPIRED } }, { projection: { name: 1, lastModifiedBy: 1 } })
        .toArray();
      const owners = [...new Set(locked.map((j) => j.lastModifiedBy).filter((o): o is string => typeof o === 'string'))];
      const living = owners.length ? await alive(owners) : new Set<string>();
      const gone = locked.filter((j) => typeof j.lastModifiedBy !== 'string' || !living.has(j.lastModifiedBy));
      const given: GivenBack[] = [];
      for (const j of gone) {
        // Only while the row still names the holder seen gone: a live process may have taken it since.
        const r = await jobs().updateOne({ _id: j._id, lockedAt: { $gt: EXPIRED }, lastModifiedBy: j.lastModifiedBy ?? null }, { $set: { lockedAt: EXPIRED } });
        if (r.modifiedCount === 1) given.push({ id: j._id.toString(), name: j.name });
      }
      return given;
    },
    async expireOwn() {
      const r = await jobs().updateMany({ lastModifiedBy: owner, lockedAt: { $gt: EXPIRED } }, { $set: { lockedAt: EXPIRED } });
      return r.modifiedCount;
    },
  };
}
