/**
 * Command-line arguments of `npm run record`. The key and secret may come from the environment
 * (`EXCHANGE_V4_KEY`, `EXCHANGE_V4_SECRET`), which keeps the secret out of the process list; flags win.
 * Errors name the flag and never echo a credential. Tokens come from `node:util` `parseArgs`.
 */
import { parseArgs as parseArgv, type ParseArgsConfig } from 'node:util';

/** What one recording run needs. */
export interface RecordArgs {
  /** Upstream base URL including the `/api/v4` prefix. */
  base: string;
  key: string | undefined;
  secret: string | undefined;
  /** operationId to call. */
  op: string;
  /** Call parameters as JSON text (the generated client's flat params object). */
  params: string;
  /** Replace account ids with stable fake ones. */
  scrubAccounts: boolean;
  /** Fixture folder (the file goes to `<out>/<area>/<operationId>.json`). */
  out: string;
  /** Fixture name (default: `<operationId>: recorded <date>`). */
  name: string | undefined;
  /** Write the fixture even when its response does not match the spec. */
  allowInvalid: boolean;
}

/** A bad command line: names the flag and the rule. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The text `--help` prints. */
export const USAGE = `Usage: npm run record -- --base <url> --op <operationId> [options]

Calls one operation on a real deployment and writes what came back as a mock fixture.

  --base <url>        upstream base URL including the prefix, e.g. https://api.example.com/api/v4
  --op <id>           operationId to call, e.g. listWithdrawals
  --params <json>     call parameters as the client takes them, e.g. '{"currency":"BTC"}' (default {})
  --key <key>         API key (default: $EXCHANGE_V4_KEY)
  --secret <secret>   API secret (default: $EXCHANGE_V4_SECRET; prefer the variable: flags show in ps)
  --scrub-accounts    replace account ids (uid, user_id, push_uid, receive_uid, sub-account ids)
                      with stable fake ones
  --out <dir>         fixture folder (default mock/fixtures)
  --name <text>       fixture name (default "<operationId>: recorded <date>")
  --allow-invalid     write the fixture even if its response breaks the spec (the mock then
                      refuses to load the folder until the spec or the fixture is fixed)
  --help              this text

The fixture never holds the key, the secret, the signature or credential headers; a response
that still contains the secret or the key after scrubbing is refused and nothing is written.`;

/** The flags `node:util` `parseArgs` knows: value flags are strings, switches booleans. */
const OPTIONS = {
  base: { type: 'string' },
  key: { type: 'string' },
  secret: { type: 'string' },
  op: { type: 'string' },
  params: { type: 'string' },
  out: { type: 'string' },
  name: { type: 'string' },
  'scrub-accounts': { type: 'boolean' },
  'allow-invalid': { type: 'boolean' },
  help: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

type Flag = keyof typeof OPTIONS;
const isFlag = (name: string): name is Flag => Object.hasOwn(OPTIONS, name);

/** Parses `argv` (without the node and script entries); `help: true` when `--help` was given. */
export function parseArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): RecordArgs | { help: true } {
  // Non-strict parsing keeps every token, so each mistake gets its own message naming the flag.
  const { tokens } = parseArgv({
    args: [...argv],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values = new Map<string, string>();
  const switches = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option') {
      const arg = token.kind === 'positional' ? token.value : '--';
      throw new UsageError(`unexpected argument "${arg}" (flags start with --; see --help)`);
    }
    const flag = token.name;
    if (!isFlag(flag) || !token.rawName.startsWith('--'))
      throw new UsageError(`unknown flag ${token.rawName} (see --help)`);
    if (OPTIONS[flag].type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`--${flag} takes no value`);
      switches.add(flag);
      continue;
    }
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--')))
      throw new UsageError(`--${flag} needs a value`);
    if (values.has(flag)) throw new UsageError(`--${flag} is given twice`);
    values.set(flag, token.value);
  }
  if (switches.has('help')) return { help: true };

  const base = values.get('base') ?? fail('--base is required (the upstream base URL including /api/v4)');
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return fail(`--base must be an absolute http(s) URL, got "${base}"`);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    fail(`--base must be an http(s) URL without credentials, query or fragment, got "${base}"`);
  }
  const op = values.get('op') ?? fail('--op is required (an operationId, e.g. listWithdrawals)');
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(op)) fail(`--op must be an operationId (letters and digits), got "${op}"`);
  const key = values.get('key') ?? nonEmpty(env['EXCHANGE_V4_KEY']);
  const secret = values.get('secret') ?? nonEmpty(env['EXCHANGE_V4_SECRET']);
  if ((key === undefined) !== (secret === undefined)) {
    fail(
      key === undefined
        ? '--key (or EXCHANGE_V4_KEY) is required with a secret'
        : '--secret (or EXCHANGE_V4_SECRET) is required with a key',
    );
  }
  if (key === '' || secret === '') fail('--key and --secret must not be empty');
  return {
    base: base.replace(/\/+$/, ''),
    key,
    secret,
    op,
    params: values.get('params') ?? '{}',
    scrubAccounts: switches.has('scrub-accounts'),
    out: values.get('out') ?? 'mock/fixtures',
    name: values.get('name'),
    allowInvalid: switches.has('allow-invalid'),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function fail(message: string): never {
  throw new UsageError(message);
}
