// The table of idempotency keys (README.md here). Raw SQL only (idempotency.queries.ts); our migration
// makes it, and the schema diff leaves it alone (src/storage/orm.ts).
export const IDEMPOTENCY_TABLE = 'idempotency_key';
