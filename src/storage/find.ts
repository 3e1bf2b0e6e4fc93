// Loading one row by a caller-given id: a malformed id is simply "not found" (never a database error),
// and the workspace filter on the em makes another workspace's id "not found" too.
import type { EntityClass, EntityManager, FindOneOptions } from '@mikro-orm/postgresql';
import { notFound } from '../contracts/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

export async function findOr404<T extends object, P extends string = never>(em: EntityManager, entity: EntityClass<T>, id: string, what: string, options?: FindOneOptions<T, P>) {
  if (!isUuid(id)) throw notFound(what);
  const row = await em.findOne(entity, { id } as never, options);
  if (!row) throw notFound(what);
  return row;
}
