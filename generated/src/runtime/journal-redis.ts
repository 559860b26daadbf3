/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/journal-redis.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The outcome journal in Redis, shared by processes on several machines: one hash (default key
 * `exchange-v4:outcome-journal`) whose fields are entry ids and whose values are the entries'
 * JSON lines (journal-entry.ts, without the newline). Recording is `HSET`, clearing `HDEL`,
 * reading `HGETALL`. The Python client reads and writes the same hash.
 *
 * It takes the program's own Redis client, so the package depends on none: an `ioredis` client
 * (its `call`) or a `redis` (node-redis) client (its `sendCommand`). Exported from
 * `exchange-v4/redis`.
 */

import { decodeLine, encodeRecord, type JournalEntry } from './journal-entry.js';
import type { OutcomeJournalStore } from './outcome-journal.js';
import { ValidationError } from './errors.js';

/** An `ioredis` client, as far as the journal uses it. */
export interface IoRedisLike {
  call(command: string, ...args: string[]): Promise<unknown>;
}

/** A `redis` (node-redis) client, as far as the journal uses it. */
export interface NodeRedisLike {
  sendCommand(args: string[]): Promise<unknown>;
}

/** Options of the Redis journal. */
export interface RedisJournalOptions {
  /** The hash that holds the entries (default `exchange-v4:outcome-journal`). */
  readonly key?: string | undefined;
}

/** The default hash key. */
export const DEFAULT_JOURNAL_KEY = 'exchange-v4:outcome-journal';

/** One command runner over either kind of client; a `ValidationError` for anything else. */
function runnerOf(client: unknown): (args: string[]) => Promise<unknown> {
  const c = client as Partial<IoRedisLike & NodeRedisLike> | null;
  if (c && typeof c.call === 'function') {
    const call = c.call.bind(c);
    return ([command, ...args]) => call(command as string, ...args);
  }
  if (c && typeof c.sendCommand === 'function') return c.sendCommand.bind(c);
  throw new ValidationError(
    'redis',
    '[object]',
    'type',
    'must be an ioredis client (with call) or a redis client (with sendCommand)',
  );
}

/** Field/value pairs of an `HGETALL` answer (a flat array, or an object from some clients). */
export function hashPairs(answer: unknown): [string, string][] {
  const text = (v: unknown): string => (v instanceof Uint8Array ? new TextDecoder().decode(v) : String(v));
  if (Array.isArray(answer)) {
    const pairs: [string, string][] = [];
    for (let i = 0; i + 1 < answer.length; i += 2) pairs.push([text(answer[i]), text(answer[i + 1])]);
    return pairs;
  }
  if (answer instanceof Map) return [...answer.entries()].map(([k, v]) => [text(k), text(v)]);
  if (typeof answer === 'object' && answer !== null) {
    return Object.entries(answer).map(([k, v]) => [k, text(v)]);
  }
  return [];
}

/** The outcome journal in a Redis hash (see the module comment). */
export function redisJournal(
  client: IoRedisLike | NodeRedisLike,
  options: RedisJournalOptions = {},
): OutcomeJournalStore {
  const run = runnerOf(client);
  const key = options.key ?? DEFAULT_JOURNAL_KEY;
  if (typeof key !== 'string' || key === '')
    throw new ValidationError('key', key, 'type', 'must be a non-empty string');
  return {
    async record(entry: JournalEntry): Promise<void> {
      await run(['HSET', key, entry.id, encodeRecord({ type: 'intent', ...entry }).trimEnd()]);
    },
    async clear(id: string): Promise<void> {
      await run(['HDEL', key, id]);
    },
    async pending(): Promise<readonly JournalEntry[]> {
      const entries: JournalEntry[] = [];
      for (const [, value] of hashPairs(await run(['HGETALL', key]))) {
        const decoded = decodeLine(value);
        if (decoded.ok && decoded.record.type === 'intent') {
          const { type: _type, ...entry } = decoded.record;
          entries.push(entry);
        }
      }
      return entries.sort((a, b) => a.sentAtMs - b.sentAtMs || (a.id < b.id ? -1 : 1));
    },
  };
}
