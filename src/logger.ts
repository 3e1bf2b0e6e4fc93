// Minimal structured logger: one JSON line per event on stdout. Never pass secrets in `fields`.
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

function line(level: string, msg: string, fields?: Record<string, unknown>) {
  return JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
}

export const consoleLogger: Logger = {
  info: (msg, fields) => console.log(line('info', msg, fields)),
  warn: (msg, fields) => console.warn(line('warn', msg, fields)),
  error: (msg, fields) => console.error(line('error', msg, fields)),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
