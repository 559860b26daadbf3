/**
 * `RedisRateLimitStore`: the client's rate-limit buckets kept in Redis, so every process of one
 * account (TypeScript or Python) draws on one budget. Each take is one Lua script (take.lua), all
 * of a call's buckets or none; each answer is one more (settle.lua): the slot frees a window after
 * the answer, and a 429, the server's live limit and its remaining count update the shared buckets.
 *
 * Redis unreachable, slow (no answer within `timeoutMs`) or failing: the call counts in a local
 * limiter at `fallbackShare` of each limit (default a quarter) for `retryAfterMs`, then Redis is
 * tried again; each change is reported once as a `rate-limit-store` log event. No wait outlasts the
 * call's timeout, and no call is ever sent unlimited.
 */
import { RateLimitError } from '../runtime/errors.js';
import { emit, reasonOf, type Logger } from '../runtime/logger.js';
import {
  DEFAULT_MARGIN_MS,
  RateLimiter,
  type CallContext,
  type Limit,
  type ObservedResponse,
  type RateLimitMode,
  type RateLimitSlot,
  type RateLimitStore,
} from '../runtime/rate-limit.js';
import { LIVE_LIMIT_KEEP_MS } from '../runtime/rate-limit-bucket.js';
import { sleep } from '../runtime/retry-timing.js';
import { scriptRunner, type LuaScript, type ScriptRunner } from './redis-client.js';
import {
  checkPrefix,
  checkShare,
  DEFAULT_FALLBACK_SHARE,
  DEFAULT_PREFIX,
  fallbackLimit,
  parseBucketKey,
  redisKeys,
  type BucketRef,
} from './redis-keys.js';
import {
  DEFAULT_REDIS_TIMEOUT_MS,
  DEFAULT_HOLD_MS,
  DEFAULT_RETRY_AFTER_MS,
  MAX_WAIT_MS,
  positive,
  type RedisRateLimitStoreOptions,
} from './redis-options.js';
import { UidLookup } from './redis-uid.js';
import { SETTLE_SCRIPT, TAKE_SCRIPT } from './scripts.js';

const NO_SLOT: RateLimitSlot = { release: () => undefined };

/** Rate-limit buckets shared through Redis; see the module comment. */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #run: ScriptRunner;
  readonly #prefix: string;
  readonly #share: number;
  readonly #timeoutMs: number;
  readonly #retryAfterMs: number;
  readonly #marginMs: number;
  readonly #logger: Logger | undefined;
  readonly #local = new RateLimiter({ mode: 'wait' });
  readonly #id = Math.random().toString(36).slice(2, 10);
  #seq = 0;
  readonly #uid: UidLookup;
  /** While set: Redis failed, the local limiter counts until this time (epoch ms). */
  #downUntil: number | undefined;
  #lastLogger: Logger | undefined;
  /** Set when Redis is tried again after a failure: its next answer is reported. */
  #restored = false;

  /** Checks the options (a `ValidationError` names the bad one); connects nothing. */
  constructor(options: RedisRateLimitStoreOptions) {
    this.#run = scriptRunner(options.redis);
    this.#retryAfterMs = positive('retryAfterMs', options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
    this.#uid = new UidLookup(options.uid, this.#retryAfterMs, (reason, logger) => this.#event(reason, logger));
    this.#prefix = checkPrefix(options.prefix ?? DEFAULT_PREFIX);
    this.#share = checkShare(options.fallbackShare ?? DEFAULT_FALLBACK_SHARE);
    this.#timeoutMs = positive('timeoutMs', options.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS);
    this.#marginMs = options.safetyMarginMs ?? DEFAULT_MARGIN_MS;
    this.#logger = options.logger;
  }

  /** `true` while calls count in the local fallback limiter (Redis failed lately). */
  get fallingBack(): boolean {
    return this.#downUntil !== undefined;
  }

  /** The account UID once known. */
  get uid(): string | undefined {
    return this.#uid.value;
  }

  /**
   * Takes one slot in every bucket of the call in Redis with one script (all or none), waiting
   * (`wait`), throwing `RateLimitError` (`reject`, or when the wait would pass `maxWaitMs`), or
   * counting locally without waiting (`off`). Falls back to the local limiter as described above.
   */
  async acquire(
    keys: string | readonly string[],
    limit: Limit,
    context: CallContext,
    mode: RateLimitMode = 'wait',
    signal?: AbortSignal,
    maxWaitMs: number = Number.POSITIVE_INFINITY,
  ): Promise<RateLimitSlot> {
    if (context.logger) this.#lastLogger = context.logger;
    const list = [...new Set(typeof keys === 'string' ? [keys] : keys)].sort();
    const start = Date.now();
    const bound = Math.min(maxWaitMs, MAX_WAIT_MS);
    const shared = mode === 'off' ? undefined : this.#redisKeysOf(list, context);
    if (shared === undefined) return this.#fallback(list, limit, context, mode, signal, bound);
    const member = `${this.#id}:${(this.#seq += 1)}`;
    const windowMs = limit.window * 1000 + this.#marginMs;
    const hold = Number.isFinite(maxWaitMs) ? Math.min(maxWaitMs, MAX_WAIT_MS) + 1000 : DEFAULT_HOLD_MS;
    const args = [
      String(Math.floor(limit.requests)),
      String(windowMs),
      String(hold),
      member,
      String(LIVE_LIMIT_KEEP_MS),
    ];
    for (;;) {
      let wait: number;
      try {
        wait = takeWait(await this.#call(TAKE_SCRIPT, shared, args));
      } catch (error) {
        this.#failed(error);
        return this.#fallback(list, limit, context, mode, signal, bound - (Date.now() - start));
      }
      if (wait === 0) return this.#slot(shared, member, windowMs);
      const now = Date.now();
      if (mode === 'reject') throw rejection(limit, context, now + wait);
      if (now - start + wait > bound) {
        const why = `a wait of ${wait} ms exceeds the call's ${Math.max(0, Math.round(bound - (now - start)))} ms`;
        throw rejection(limit, context, now + wait, why);
      }
      await sleep(wait, signal, { operation: context.operation });
    }
  }

  /**
   * Tells the shared buckets what the answer said (one script, not awaited): a 429 blocks them,
   * the server's limit and remaining count adjust them. The local limiter learns it too.
   */
  observe(keys: string | readonly string[], limit: Limit, info: ObservedResponse): void {
    const list = [...new Set(typeof keys === 'string' ? [keys] : keys)].sort();
    this.#local.observe(list, fallbackLimit(limit, this.#share), info);
    const shared = this.#downUntil === undefined ? this.#knownKeys(list) : undefined;
    if (shared === undefined) return;
    const resetIn = info.resetAt === undefined ? '' : String(Math.max(0, Math.round(info.resetAt - Date.now())));
    const args = [
      '',
      String(limit.window * 1000 + this.#marginMs),
      String(info.status),
      info.remaining === undefined ? '' : String(info.remaining),
      info.limit === undefined ? '' : String(info.limit),
      resetIn,
      String(info.maxBlockMs ?? limit.window * 1000),
      String(Math.floor(limit.requests)),
      String(LIVE_LIMIT_KEEP_MS),
      list.length === 1 ? '1' : '0',
    ];
    this.#call(SETTLE_SCRIPT, shared, args).catch((error: unknown) => this.#failed(error));
  }

  /** The slot of a take: its release is one script (not awaited; a failure only ends it later). */
  #slot(shared: string[], member: string, windowMs: number): RateLimitSlot {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const args = [member, String(windowMs), '', '', '', '', '0', '0', '0', '0'];
        this.#call(SETTLE_SCRIPT, shared, args).catch((error: unknown) => this.#failed(error));
      },
    };
  }

  /** The call counted in the local limiter at the fallback share (or nothing to count: `off` with no keys). */
  #fallback(
    list: string[],
    limit: Limit,
    context: CallContext,
    mode: RateLimitMode,
    signal: AbortSignal | undefined,
    maxWaitMs: number,
  ): Promise<RateLimitSlot> {
    if (list.length === 0) return Promise.resolve(NO_SLOT);
    return this.#local.acquire(list, fallbackLimit(limit, this.#share), context, mode, signal, Math.max(0, maxWaitMs));
  }

  /** The Redis keys of the call's buckets; `undefined` when the local limiter must count it. */
  #redisKeysOf(list: readonly string[], context: CallContext): string[] | undefined {
    if (this.#downUntil !== undefined) {
      if (Date.now() < this.#downUntil) return undefined;
      this.#downUntil = undefined; // try Redis again; #failed sets it back on failure
      this.#restored = true;
    }
    this.#uid.start(context.logger);
    return this.#knownKeys(list);
  }

  /** The Redis keys of `list`, or `undefined` when one is not a bucket key or the UID is not known yet. */
  #knownKeys(list: readonly string[]): string[] | undefined {
    const out: string[] = [];
    for (const key of list) {
      const ref: BucketRef | undefined = parseBucketKey(key);
      const uid = this.#uid.value;
      if (ref === undefined || (ref.scope !== 'ip' && uid === undefined)) return undefined;
      const { slots, meta } = redisKeys(this.#prefix, uid ?? '', ref);
      out.push(slots, meta);
    }
    return out;
  }

  /** One script run, bounded by `timeoutMs`; a late answer is dropped (its rejection too). */
  async #call(script: LuaScript, keys: string[], args: string[]): Promise<unknown> {
    const running = this.#run(script, keys, args);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${this.#timeoutMs} ms`)), this.#timeoutMs);
    });
    running.catch(() => undefined);
    try {
      const answer = await Promise.race([running, late]);
      if (this.#restored) {
        this.#restored = false;
        this.#event('Redis answers again; counting in the shared budget', undefined);
      }
      return answer;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Redis failed: count locally for `retryAfterMs`, reporting it once. */
  #failed(error: unknown): void {
    const first = this.#downUntil === undefined;
    this.#downUntil = Date.now() + this.#retryAfterMs;
    if (!first) return;
    const share = `${Math.round(this.#share * 100)}%`;
    this.#event(
      `Redis unreachable or slow (${reasonOf(error)}); counting in a local limiter at ${share} of each limit`,
    );
  }

  #event(reason: string, logger: Logger | undefined = undefined): void {
    emit(this.#logger ?? logger ?? this.#lastLogger, {
      type: 'rate-limit-store',
      operation: 'rateLimitStore',
      method: '',
      url: '',
      attempt: 0,
      reason,
    });
  }
}

/** The wait a take script answered: 0 when the slots were taken. */
function takeWait(answer: unknown): number {
  if (!Array.isArray(answer)) throw new Error(`unexpected answer from the take script: ${String(answer)}`);
  const [refused, wait] = answer as unknown[];
  return Number(refused) === 0 ? 0 : Math.max(1, Number(wait));
}

/** The local refusal, as `RateLimiter` words it. */
function rejection(limit: Limit, context: CallContext, resetAt: number, why?: string): RateLimitError {
  const rule = `at most ${limit.requests} requests per ${limit.window} s in bucket ${context.bucket} (shared)`;
  const detail = `${why === undefined ? rule : `${why} (${rule})`}; next slot at ${new Date(resetAt).toISOString()}`;
  return new RateLimitError(
    0,
    'RATE_LIMITED_LOCALLY',
    detail,
    {},
    { operation: context.operation, resetAt, bucket: context.bucket },
  );
}
