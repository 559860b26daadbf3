/**
 * `EXCHANGE_V4_LOG=debug|info|warn`: a console logger for the structured events (logger.ts), used
 * when the options give no `logger`. Events carry no headers and no body, so no key, secret or
 * signature can reach the console through it.
 */
import { ENV } from './environment.js';
import { ValidationError } from './errors.js';
import type { LogEvent, Logger } from './logger.js';

/** The levels `EXCHANGE_V4_LOG` accepts. */
const LOG_LEVELS = ['debug', 'info', 'warn'] as const;

/** A level of `EXCHANGE_V4_LOG`. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The level of an event: `request` is debug; `response` and `page` info; the rest warn. */
function levelOf(type: LogEvent['type']): LogLevel {
  if (type === 'request') return 'debug';
  if (type === 'response' || type === 'page') return 'info';
  return 'warn';
}

/** Whether an event of `type` is printed at `level` (a pure function). */
export function shows(level: LogLevel, type: LogEvent['type']): boolean {
  return LOG_LEVELS.indexOf(levelOf(type)) >= LOG_LEVELS.indexOf(level);
}

/** One line per event: `exchange-v4 <type> <operation> <method> <url> key=value ...`. */
export function formatEvent(event: LogEvent): string {
  const { type, operation, method, url, ...rest } = event;
  const fields = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'string' ? JSON.stringify(v) : String(v)}`);
  return [`exchange-v4 ${type} ${operation} ${method} ${url}`, ...fields].join(' ');
}

/** Where the lines go (the console by default). */
export type LogSink = Pick<Console, 'debug' | 'info' | 'warn'>;

/**
 * The logger `EXCHANGE_V4_LOG` asks for: `undefined` when unset; a `ValidationError` naming the
 * variable for any value but `debug`, `info` or `warn`.
 */
export function loggerFromEnv(value: string | undefined, sink: LogSink = console): Logger | undefined {
  if (value === undefined) return undefined;
  const level = value.trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ValidationError(ENV.log, value, 'enum', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return (event) => {
    if (shows(level as LogLevel, event.type)) sink[levelOf(event.type)](formatEvent(event));
  };
}
