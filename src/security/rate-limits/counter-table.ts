// The table rate-limiter-flexible's PostgreSQL store counts in (rate-limiter.ts). Its shape is the
// library's (key, points, expire in epoch ms); our migration creates it, so the service never runs DDL
// at request time, and the schema diff leaves it alone like Agenda's tables (src/storage/orm.ts).
export const RATE_LIMIT_TABLE = 'rate_limit_counter';
