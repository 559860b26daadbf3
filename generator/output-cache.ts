/**
 * A cache of pure, slow generator steps (prettier formatting, the openapi-typescript types), kept
 * in `node_modules/.cache/exchange-v4/` and never committed. An entry is keyed by a SHA-256 of
 * everything its result depends on (the input text, the tool versions and options, the source of
 * the code that produces it), so a hit returns exactly what the step would compute: the drift
 * check stays exact. Each run saves only the entries it used, so the cache never outgrows one
 * generation. A missing, unreadable or foreign cache file is treated as empty.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The folder of the generator's caches under a repository root. */
export const cacheDir = (root: string): string => path.join(root, 'node_modules', '.cache', 'exchange-v4');

/** SHA-256 (hex) of the parts, each length-prefixed so that no two part lists collide. */
export function cacheKey(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest('hex');
}

/** One named cache file: results by key, with hit and miss counts for the run's summary. */
export class OutputCache {
  private readonly used = new Map<string, string>();
  /** Whether {@link put} recorded a result (then {@link save} writes even without a miss). */
  private recorded = false;
  hits = 0;
  misses = 0;

  private constructor(
    private readonly file: string | undefined,
    private readonly stored: ReadonlyMap<string, string>,
  ) {}

  /**
   * Opens cache `name` under `root` (`undefined` root: a cache that keeps nothing), in `dir`
   * when given (default {@link cacheDir} of `root`).
   */
  static async open(root: string | undefined, name: string, dir?: string): Promise<OutputCache> {
    if (root === undefined) return new OutputCache(undefined, new Map());
    const file = path.join(dir ?? cacheDir(root), `${name}.json`);
    let stored = new Map<string, string>();
    try {
      const data: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
        stored = new Map(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string'));
      }
    } catch {
      // No cache yet, or an unreadable one: start empty.
    }
    return new OutputCache(file, stored);
  }

  /** Whether `key` has a result (stored by an earlier run, or computed in this one). */
  has(key: string): boolean {
    return this.used.has(key) || this.stored.has(key);
  }

  /** The cached result for `key`, or `compute()`'s (then remembered). */
  async through(key: string, compute: () => Promise<string>): Promise<string> {
    const hit = this.used.get(key) ?? this.stored.get(key);
    if (hit !== undefined) {
      this.hits += 1;
      this.used.set(key, hit);
      return hit;
    }
    this.misses += 1;
    const result = await compute();
    this.used.set(key, result);
    return result;
  }

  /** The result for `key` (stored or computed in this run) without using it: not counted, not kept by {@link save}. */
  peek(key: string): string | undefined {
    return this.used.get(key) ?? this.stored.get(key);
  }

  /** Records `result` for `key`, replacing any earlier one (not counted; {@link save} writes it). */
  put(key: string, result: string): void {
    this.recorded = true;
    this.used.set(key, result);
  }

  /** Writes the entries this run used (atomically: a temp file, then a rename). */
  async save(): Promise<void> {
    if (this.file === undefined || (this.misses === 0 && !this.recorded)) return;
    await mkdir(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(Object.fromEntries(this.used)));
    await rename(temp, this.file);
  }
}
