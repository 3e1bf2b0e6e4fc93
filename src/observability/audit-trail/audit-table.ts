// The table of the audit log (README.md here). Raw SQL only (audit.queries.ts); our migration makes it,
// and the schema diff leaves it alone (src/storage/orm.ts).
export const AUDIT_TABLE = 'audit_log';
