// SQL fragments for leases held by a process (process-owner.ts): a row that a process holds names it
// (its owner name) and a lease counts only while that owner's lock is held, so the leases of a process
// that died are free the moment PostgreSQL drops its session, whatever time they claim to run until.
// Every check reads pg_locks once per statement (an uncorrelated IN), not once per row.

/** SQL for the bigint key of an advisory lock named by `nameSql` (text). */
export const lockKeySql = (nameSql: string) => `hashtextextended(${nameSql}, 0)`;

/** The name of a process's owner lock, for an owner name. */
export const OWNER_LOCK_PREFIX = 'process-owner:';
const ownerKeySql = (ownerSql: string) => lockKeySql(`'${OWNER_LOCK_PREFIX}' || ${ownerSql}`);

/** The session advisory locks granted in this database, as pg_locks shows them (classid, objid). */
const HELD_LOCKS = `select l.classid, l.objid from pg_locks l
  where l.locktype = 'advisory' and l.granted and l.objsubid = 1 and l.database = (select oid from pg_database where datname = current_database())`;

/** SQL: is the process named by `ownerSql` (text, not null) alive, that is, holding its owner lock? */
export const ownerAliveSql = (ownerSql: string) => {
  const key = ownerKeySql(ownerSql);
  return `(((${key} >> 32) & 4294967295)::oid, (${key} & 4294967295)::oid) in (${HELD_LOCKS})`;
};

/**
 * SQL: the lease in these columns protects its holder's work: it is set, has not run out at `nowSql`,
 * and its holder is alive. `untilSql` is the backstop for a holder that is alive but frozen; a holder
 * that is gone (no owner lock: killed, crashed, its connection lost) holds nothing, whatever its time.
 * Never null, so `not leaseHeldSql(…)` is the lease being free.
 */
export const leaseHeldSql = (untilSql: string, holderSql: string, nowSql: string) =>
  `(${untilSql} is not null and ${untilSql} >= ${nowSql} and ${holderSql} is not null and ${ownerAliveSql(holderSql)})`;

/** SQL: nobody holds the lease in these columns (leaseHeldSql's opposite). */
export const leaseFreeSql = (untilSql: string, holderSql: string, nowSql: string) => `not ${leaseHeldSql(untilSql, holderSql, nowSql)}`;
