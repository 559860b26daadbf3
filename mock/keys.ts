/**
 * The mock's built-in test credentials. They are deliberately fake strings: they only ever sign
 * requests to the mock on 127.0.0.1 and are printed by `npm run mock`.
 */

/** API key the mock accepts by default. */
export const MOCK_KEY = 'mock-key-0000-not-a-real-key';

/** Secret of {@link MOCK_KEY}. Never sent on the wire, never logged by the mock. */
export const MOCK_SECRET = 'mock-secret-0000-not-a-real-secret-do-not-use';

/** User id the mock gives the main account behind every configured key. */
export const MOCK_MAIN_UID = 10000;

/**
 * The keys the mock accepts: the configured pairs plus sub-account keys created through the
 * sub-account key endpoints (which are removed again when those keys are deleted).
 */
export class KeyRing {
  readonly #configured: ReadonlyMap<string, string>;
  readonly #accounts: ReadonlyMap<string, { secret: string; uid: number }>;
  readonly #created = new Map<string, { secret: string; uid: number }>();

  /**
   * `keys` maps API key to secret (they act for the main account); `accounts` adds key pairs that
   * act for a given uid (the paper exchange's accounts).
   */
  constructor(
    keys: Readonly<Record<string, string>>,
    accounts: ReadonlyMap<string, { secret: string; uid: number }> = new Map(),
  ) {
    this.#configured = new Map(Object.entries(keys));
    this.#accounts = accounts;
  }

  /** The secret of `key`, or `undefined` when the key is unknown. */
  secretOf(key: string): string | undefined {
    return this.#configured.get(key) ?? this.#accounts.get(key)?.secret ?? this.#created.get(key)?.secret;
  }

  /**
   * The user id a key acts for: its sub-account for created keys, its account for the paper
   * exchange's keys, the main account otherwise.
   */
  uidOf(key: string): number {
    return this.#created.get(key)?.uid ?? this.#accounts.get(key)?.uid ?? MOCK_MAIN_UID;
  }

  /** Registers a key pair created through `POST /sub_accounts/{user_id}/keys`. */
  addCreated(key: string, secret: string, uid: number): void {
    this.#created.set(key, { secret, uid });
  }

  /** Forgets a created key pair (sub-account key deleted). */
  removeCreated(key: string): void {
    this.#created.delete(key);
  }

  /** Forgets every created key pair (on reset). */
  clearCreated(): void {
    this.#created.clear();
  }
}
