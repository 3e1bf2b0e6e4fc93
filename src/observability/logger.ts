// Structured logs (decisions.md §13 "Logs"): one JSON line per event on stdout, written by pino, with the
// level as a name ("level":"info"), the message under `msg`, the time in ISO 8601, the id of the request
// being served (`reqId`, request-scope.ts) on every line written while serving one, and secrets redacted
// (log-redaction.ts). The code logs through this small interface, never through pino itself.
import pino, { type DestinationStream } from 'pino';
import { maskSecretsInText, redactFields, redaction, serializeError } from './log-redaction';
import { currentRequestId } from '../runtime/request-scope';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** LOG_LEVEL's values (config.ts), quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LoggerOptions {
  level: LogLevel;
  /** Where the lines go: stdout unless given (tests capture them). */
  destination?: DestinationStream;
}

export function createLogger(opts: LoggerOptions): Logger {
  const p = pino(
    {
      level: opts.level,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
      serializers: { err: serializeError, error: serializeError },
      redact: redaction,
    },
    // Synchronous: a line written just before process.exit is not lost.
    opts.destination ?? pino.destination({ dest: 1, sync: true }),
  );
  const write =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (msg: string, fields?: LogFields): void => {
      if (!p.isLevelEnabled(level)) return;
      if (fields) p[level](redactFields(fields), maskSecretsInText(msg));
      else p[level](maskSecretsInText(msg));
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
