/**
 * The optional state file: the exchange state as JSON (no key material: keys live in the seed),
 * read at start and written after every change and on close. Written to a temporary file first
 * and renamed, so a crash never leaves half a file.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { SeedError } from './seed-file.js';
import type { ExchangeState } from './types.js';

/** The state in `path`, or `undefined` when the file does not exist yet. Throws {@link SeedError} when unreadable. */
export function readStateFile(path: string): ExchangeState | undefined {
  if (!existsSync(path)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (e) {
    throw new SeedError(`state file ${path}: ${(e as Error).message}`);
  }
  const state = parsed as Partial<ExchangeState> | null;
  const keys: Array<keyof ExchangeState> = [
    'accounts',
    'spotMarkets',
    'spotOrders',
    'contracts',
    'futuresOrders',
    'next',
  ];
  if (
    state === null ||
    typeof state !== 'object' ||
    state.version !== 1 ||
    keys.some((k) => typeof state[k] !== 'object')
  ) {
    throw new SeedError(`state file ${path}: not a paper exchange state (version 1); delete it to start from the seed`);
  }
  return state as ExchangeState;
}

/** Writes the state to `path` (temporary file, then rename). */
export function writeStateFile(path: string, state: ExchangeState): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 1)}\n`);
  renameSync(temporary, path);
}
