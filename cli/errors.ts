/**
 * How the CLI reports failures: a usage error of its own, the exit code of every error class (the
 * table in the README's "CLI" section), and the JSON written to stderr. Pure functions.
 */

/** A bad command line: unknown command or flag, a missing or malformed value. Exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
  /** The flag or command word at fault (without `--`), when there is one. */
  readonly field: string | undefined;
  /** The rule it broke (`unknown-command`, `required`, `integer`, `enum`, `json` ...). */
  readonly rule: string;

  constructor(message: string, rule: string, field?: string) {
    super(message);
    this.rule = rule;
    this.field = field;
  }
}

/** Exit code of each error class by name; anything else exits with 1. */
export const EXIT_CODES: Readonly<Record<string, number>> = {
  CliUsageError: 2,
  ValidationError: 3,
  AuthenticationError: 4,
  PermissionDeniedError: 4,
  NotFoundError: 5,
  BadRequestError: 6,
  ApiError: 6,
  RateLimitError: 7,
  ServerError: 8,
  ConnectionError: 9,
  TimeoutError: 9,
  RedirectError: 9,
  AbortError: 9,
  UnknownOutcomeError: 10,
};

/** The exit code for a thrown value (1 for anything not in {@link EXIT_CODES}). */
export function exitCodeFor(error: unknown): number {
  const name = error instanceof Error ? error.name : undefined;
  return (name === undefined ? undefined : EXIT_CODES[name]) ?? 1;
}

/**
 * The JSON object written to stderr for an error: the client's log-safe `toJSON()` when it has
 * one (class, label, status, operation, trace id; never a secret), else class and message.
 */
export function errorJson(error: unknown): Record<string, unknown> {
  if (error instanceof CliUsageError) {
    return {
      name: error.name,
      message: error.message,
      rule: error.rule,
      ...(error.field === undefined ? {} : { field: error.field }),
    };
  }
  if (error instanceof Error) {
    const withJson = error as Error & { toJSON?: () => unknown };
    const json = typeof withJson.toJSON === 'function' ? withJson.toJSON() : undefined;
    if (typeof json === 'object' && json !== null) return { ...(json as Record<string, unknown>) };
    return { name: error.name, message: error.message };
  }
  return { name: 'Error', message: String(error) };
}
