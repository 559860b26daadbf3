/*
 * Copied by exchange-v4 from generator/targets/typescript/redis/redis-uid.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The account UID of a `RedisRateLimitStore`: given, or read once through a function (e.g.
 * `accountUid`, from `GET /account/detail`) without ever making a call wait for it.
 */
import { reasonOf, type Logger } from '../runtime/logger.js';
import { checkUid } from './redis-keys.js';

/** The account's UID, or a function that finds it once (see {@link accountUid}). */
export type UidSource = string | number | (() => PromiseLike<string | number | bigint | undefined>);

/**
 * A function for the `uid` option: reads the UID once from `GET /account/detail` (`user_id`)
 * through `client` (an `ExchangeClient` using this store).
 */
export function accountUid(client: {
  readonly account: { getAccountDetail(): PromiseLike<{ readonly user_id?: string | number | undefined }> };
}): () => Promise<string | number | undefined> {
  return async () => (await client.account.getAccountDetail()).user_id;
}

/** The UID, known or being looked up. */
export class UidLookup {
  #uid: string | undefined;
  readonly #find: (() => PromiseLike<unknown>) | undefined;
  readonly #retryAfterMs: number;
  readonly #report: (reason: string, logger: Logger | undefined) => void;
  #running = false;
  #retryAt = 0;

  /** Checks a given UID at once (`ValidationError`, field `uid`). */
  constructor(source: UidSource, retryAfterMs: number, report: (reason: string, logger: Logger | undefined) => void) {
    if (typeof source === 'function') this.#find = source;
    else this.#uid = checkUid('uid', source);
    this.#retryAfterMs = retryAfterMs;
    this.#report = report;
  }

  /** The UID once known. */
  get value(): string | undefined {
    return this.#uid;
  }

  /** Calls the function once (again `retryAfterMs` after a failure, reported); never waits for it. */
  start(logger: Logger | undefined): void {
    const find = this.#find;
    if (this.#uid !== undefined || find === undefined || this.#running || Date.now() < this.#retryAt) return;
    this.#running = true;
    Promise.resolve()
      .then(find)
      .then((uid) => {
        this.#uid = checkUid('uid', typeof uid === 'bigint' ? String(uid) : uid);
      })
      .catch((error: unknown) => {
        this.#retryAt = Date.now() + this.#retryAfterMs;
        this.#report(`the account UID could not be read (${reasonOf(error)}); counting locally`, logger);
      })
      .finally(() => {
        this.#running = false;
      });
  }
}
