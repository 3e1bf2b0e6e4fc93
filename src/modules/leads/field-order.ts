// The order lead fields were given in. A lead's fields are stored as jsonb, which keeps keys its own way
// (shortest first), so "first_name,last_name,company" would come back as company, last_name,
// first_name. Each campaign and each lead list therefore remembers its field names in the order they
// first appeared (CSV columns left to right, JSON keys as written, new PATCH fields last), and
// lead-fields and leads.csv list the fields in that order (lead-fields.ts).
//
// The order is a ranking only: which fields exist is always read from the leads themselves. So it is
// written on its own (autocommit, a moment's row lock) rather than inside the import's transaction: a
// name left behind by an import that then failed ranks a field no lead carries, and is never listed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { appendFieldOrder, type FieldOrderOwner } from './field-order.queries';

/** Records the names (in their order) after the owner's others, on a connection of its own (autocommit). */
export async function recordFieldOrder(em: EntityManager, owner: FieldOrderOwner, id: string, names: readonly string[]): Promise<void> {
  if (!names.length) return;
  await appendFieldOrder(em.fork(), owner, id, names);
}

/**
 * Field names in the order they first appear across rows, each once: the rows' names go in as they are
 * read, `take` hands on the names not handed on before.
 */
export class FieldNames {
  private readonly seen = new Set<string>();
  private fresh: string[] = [];

  add(names: Iterable<string>): void {
    for (const name of names) {
      if (this.seen.has(name)) continue;
      this.seen.add(name);
      this.fresh.push(name);
    }
  }

  take(): string[] {
    const fresh = this.fresh;
    this.fresh = [];
    return fresh;
  }
}
